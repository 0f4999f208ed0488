// The label of a community persona: wherever one speaks, readers see that the team runs it.

import type { PersonSummary } from "@litverse/shared/people";
import { TEAM_PERSONA_LABEL } from "@litverse/shared/personas";
import { BadgeCheck } from "lucide-react";
import { Badge } from "../ui/badge.tsx";

/** "Litverse team", beside the name of a persona the team runs; nothing for anyone else. */
export function TeamBadge({
  person,
  className,
}: {
  person: Pick<PersonSummary, "runByTeam"> | null;
  className?: string;
}) {
  if (!person?.runByTeam) return null;
  return (
    <Badge variant="brand" className={className} data-testid="team-badge">
      <BadgeCheck aria-hidden />
      {TEAM_PERSONA_LABEL}
    </Badge>
  );
}
