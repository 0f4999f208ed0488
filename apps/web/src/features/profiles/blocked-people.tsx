// The people one has blocked, each with Unblock.
import { useMutation } from "@tanstack/react-query";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function BlockedPeople() {
  const blocked = useLiveQuery(trpc.friends.listBlocked.queryOptions());
  const unblock = useMutation(trpc.friends.unblockUser.mutationOptions());
  if (!blocked.data) return <Skeleton className="h-16 w-full" />;
  if (blocked.data.length === 0) {
    return <p className="text-sm text-muted-foreground">You have not blocked anyone.</p>;
  }
  return (
    <ul className="divide-y divide-[var(--border)]" aria-label="Blocked people">
      {blocked.data.map((person) => (
        <li key={person._id} className="flex items-center gap-3 py-2.5">
          <PersonAvatar person={person} size="sm" />
          <span className="min-w-0 flex-1 truncate">{person.name}</span>
          <Button
            size="sm"
            variant="secondary"
            isLoading={unblock.isPending && unblock.variables?.userId === person._id}
            onClick={() =>
              unblock.mutate(
                { userId: person._id },
                { onError: (error) => toastError(error, "Could not unblock.") },
              )
            }
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
