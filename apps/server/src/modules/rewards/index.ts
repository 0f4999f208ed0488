// What the rewards module offers the other modules; everything else in this folder is its own.
export { creditActiveTime, keptPosition, lockActiveTimeClock } from "./active-time.ts";
export { DEMO_REWARDS } from "./demo-league.ts";
export { rewardClubFounded, rewardClubPost, rewardReading, rewardReelWatched } from "./earning.ts";
