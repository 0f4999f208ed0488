import type { ClubDetail } from "@litverse/shared/clubs";

/** Where the schedule says members should be by `today` (YYYY-MM-DD): the last episode of the last milestone due. */
export function scheduledEpisode(
  club: Pick<ClubDetail, "read">,
  today = new Date().toISOString().slice(0, 10),
): number {
  let episode = 0;
  for (const milestone of club.read?.milestones ?? []) {
    if (milestone.dueOn <= today) episode = Math.max(episode, milestone.toEpisode);
  }
  return episode;
}
