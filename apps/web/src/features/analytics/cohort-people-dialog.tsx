// The people behind one retention cell: who signed up in the cohort's week and was active in the
// cell's week (the first 100), each linked to their profile.
import { Link } from "react-router";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatCount, formatDate } from "../../lib/format.ts";
import { formatPercent, percentOf, weekLabelWithYear } from "./analytics-values.ts";
import type { OpenCell } from "./retention-heat-map.tsx";
import { useCohortPeople } from "./use-analytics.ts";

function PeopleList({ cell }: { cell: OpenCell }) {
  const people = useCohortPeople(cell);
  if (people.isError) {
    return (
      <ErrorState
        title="Could not load these people"
        error={people.error}
        onRetry={() => void people.refetch()}
        isRetrying={people.isFetching}
        className="border-0 px-0"
      />
    );
  }
  if (!people.data) {
    return (
      <div role="status" aria-label="Loading people" className="space-y-2">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (people.data.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">No one to show for this week any more.</p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-border" data-testid="cohort-people">
        {people.data.map((person) => (
          <li key={person.id} className="flex items-center justify-between gap-3 py-2.5">
            <span className="min-w-0">
              <Link
                to={`/profile/${person.id}`}
                className="block truncate font-medium hover:text-brand-700 hover:underline dark:hover:text-brand-100"
              >
                {person.name ?? (person.handle ? `@${person.handle}` : "Unnamed account")}
              </Link>
              {person.name && person.handle ? (
                <span className="block truncate text-xs text-muted-foreground">@{person.handle}</span>
              ) : null}
            </span>
            <span className="shrink-0 text-xs text-muted-foreground">
              Joined {formatDate(person.signedUpAt, "UTC")}
            </span>
          </li>
        ))}
      </ul>
      {cell.active > people.data.length ? (
        <p className="mt-3 text-xs text-muted-foreground">
          The first {formatCount(people.data.length)} of {formatCount(cell.active)}, earliest sign-ups first.
        </p>
      ) : null}
    </>
  );
}

export function CohortPeopleDialog({ cell, onClose }: { cell: OpenCell | null; onClose: () => void }) {
  return (
    <Dialog
      open={cell !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {cell ? (
        <DialogContent
          title={`Active in week ${cell.offset}, the week of ${weekLabelWithYear(cell.week)}`}
          description={`Of the ${formatCount(cell.signedUp)} who signed up in the week of ${weekLabelWithYear(cell.cohortWeek)}: ${formatCount(cell.active)} (${formatPercent(percentOf(cell.active, cell.signedUp))}).`}
        >
          <PeopleList cell={cell} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
