// What a club plans: meetings (each member sees the time in their own time zone, answers, and can
// add it to a calendar) and polls (single, multiple or ranked choice; results once closed, ranked
// ones with the rounds of the instant-runoff count). Moderators plan meetings and open polls.
import type { ClubDetail } from "@litverse/shared/clubs";
import { Meetings } from "./club-meetings.tsx";
import { Polls } from "./club-polls.tsx";

export function ClubPlans({ club }: { club: ClubDetail }) {
  if (!club.canRead) return null;
  return (
    <div className="mt-4 grid gap-8 lg:grid-cols-2">
      <Meetings club={club} />
      <Polls club={club} />
    </div>
  );
}
