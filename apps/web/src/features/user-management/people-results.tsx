// The people found: a table on wide screens, cards on phones; each leads to the person's page.
import type { PersonListing } from "@litverse/shared/user-management";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatDate, formatDateTime, formatRelativeDate } from "../../lib/format.ts";
import { ListingAvatar, RoleBadge, StandingBadge } from "./person-badges.tsx";
import { displayName, personPath } from "./person-values.ts";

function LastSeen({ at }: { at: string | null }) {
  if (!at) return <span className="text-muted-foreground">—</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelativeDate(at)}
    </time>
  );
}

/** "until Mar 8" under a suspension's badge. */
function Until({ until }: { until: string | null }) {
  if (!until) return null;
  return <span className="block text-xs text-muted-foreground">until {formatDate(until)}</span>;
}

export function PeopleTable({ people, isBusy }: { people: PersonListing[]; isBusy: boolean }) {
  return (
    <Table caption="People, newest accounts first" containerClassName="max-md:hidden" aria-busy={isBusy}>
      <THead>
        <TR>
          <TH>Person</TH>
          <TH>Email</TH>
          <TH>Role</TH>
          <TH>Standing</TH>
          <TH>Joined</TH>
          <TH>Last seen</TH>
        </TR>
      </THead>
      <TBody>
        {people.map((person) => (
          <TR key={person.id} data-testid="person-row">
            <TD wrap>
              <span className="flex items-center gap-3">
                <ListingAvatar person={person} />
                <span className="min-w-0">
                  <Link
                    to={personPath(person.id)}
                    className="block font-medium break-words text-foreground hover:text-brand-700 hover:underline dark:hover:text-brand-100"
                  >
                    {displayName(person)}
                  </Link>
                  {person.handle ? (
                    <span className="block text-xs break-all text-muted-foreground">@{person.handle}</span>
                  ) : null}
                </span>
              </span>
            </TD>
            <TD>{person.email ?? <span className="text-muted-foreground">—</span>}</TD>
            <TD>
              <RoleBadge role={person.role} />
            </TD>
            <TD>
              <StandingBadge state={person.standing.state} />
              <Until until={person.standing.until} />
            </TD>
            <TD>{formatDate(person.joinedAt)}</TD>
            <TD>
              <LastSeen at={person.lastSeenAt} />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

export function PeopleCards({ people }: { people: PersonListing[] }) {
  return (
    <ul className="space-y-2 md:hidden" aria-label="People, newest accounts first">
      {people.map((person) => (
        <li key={person.id} data-testid="person-card">
          <Link
            to={personPath(person.id)}
            className="flex items-start gap-3 rounded-2xl border border-border bg-card p-3 shadow-sm transition hover:bg-muted"
          >
            <ListingAvatar person={person} />
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words">{displayName(person)}</span>
              <span className="flex flex-wrap gap-x-1.5 text-xs text-muted-foreground">
                {person.handle ? (
                  <span className="min-w-0 [overflow-wrap:anywhere]">@{person.handle}</span>
                ) : null}
                {person.handle && person.email ? <span aria-hidden>·</span> : null}
                {person.email ? (
                  <span className="min-w-0 [overflow-wrap:anywhere]">{person.email}</span>
                ) : null}
              </span>
              <span className="mt-2 flex flex-wrap items-center gap-1.5">
                <RoleBadge role={person.role} />
                <StandingBadge state={person.standing.state} />
                {person.standing.until ? (
                  <span className="text-xs text-muted-foreground">
                    until {formatDate(person.standing.until)}
                  </span>
                ) : null}
              </span>
              <span className="mt-1.5 block text-xs text-muted-foreground">
                Joined {formatDate(person.joinedAt)}
                {person.lastSeenAt ? ` · seen ${formatRelativeDate(person.lastSeenAt)}` : ""}
              </span>
            </span>
            <ChevronRight className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
