// What rewards pages watch. Each person's own numbers, and the definitions everyone shares.

/** A person's check-ins, streak, XP and yearly goal. */
export const rewardsTopic = (userId: string) => `user:${userId}:rewards`;
/** A person's badge progress and earned badges. */
export const badgesTopic = (userId: string) => `user:${userId}:badges`;
export const REWARD_RULES_TOPIC = "rewards:rules";
export const BADGE_DEFINITIONS_TOPIC = "rewards:badges";
export const REWARD_GRANTS_TOPIC = "rewards:grants";
/** One league group's standings: announced when a member earns XP, joins, opts out or the group closes. */
export const leagueGroupTopic = (groupId: string) => `league:group:${groupId}`;
/** Who is left out of the boards. */
export const LEADERBOARD_VISIBILITY_TOPIC = "rewards:leaderboard-visibility";
