import { LeaderboardPage } from "./leaderboard-page.tsx";

/** /leaderboard */
export function Component() {
  return <LeaderboardPage />;
}
