// The people one has blocked, each with Unblock.
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useBlockedPeople } from "./use-friend-actions.ts";

export function BlockedPeople() {
  const { blocked, unblock, isUnblocking } = useBlockedPeople();
  if (!blocked) return <Skeleton className="h-16 w-full" />;
  if (blocked.length === 0) {
    return <p className="text-sm text-muted-foreground">You have not blocked anyone.</p>;
  }
  return (
    <ul className="divide-y divide-[var(--border)]" aria-label="Blocked people">
      {blocked.map((person) => (
        <li key={person._id} className="flex items-center gap-3 py-2.5">
          <PersonAvatar person={person} size="sm" />
          <span className="min-w-0 flex-1 truncate">{person.name}</span>
          <Button
            size="sm"
            variant="secondary"
            isLoading={isUnblocking(person._id)}
            onClick={() => unblock(person._id)}
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
