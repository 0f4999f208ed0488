// Finding people: the newest accounts matching the search and the filter, the first page live (a
// new account, or one suspended elsewhere, shows at once), older pages on asking.
import type { PersonListing } from "@litverse/shared/user-management";
import type { AccountFilter } from "@litverse/shared/user-management-inputs";
import { keepPreviousData } from "@tanstack/react-query";
import { usePagedList } from "../../components/paged-list/use-paged-list.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";

const asPage = (page: { people: PersonListing[]; nextCursor: string | null }) => ({
  items: page.people,
  nextCursor: page.nextCursor,
});

export function usePeopleSearch(query: string, filter: AccountFilter) {
  const first = useLiveQuery({
    ...trpc.userManagement.searchPeople.queryOptions({ query, filter }),
    select: asPage,
    // The rows stay, dimmed, while the list for a new search loads.
    placeholderData: keepPreviousData,
  });
  const list = usePagedList<PersonListing>({
    first,
    key: ["user-management-people", query, filter],
    fetchPage: async (cursor) =>
      asPage(await trpcClient.userManagement.searchPeople.query({ query, filter, cursor })),
    idOf: (person) => person.id,
    timeOf: (person) => person.joinedAt,
    // Someone who no longer matches (suspended under "Active", deleted) leaves the list.
    keepsDeparted: false,
  });
  return { first, list };
}
