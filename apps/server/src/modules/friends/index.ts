// What the friends module offers the other modules; everything else in this folder is its own.
export {
  areFriends,
  friendIdsOf,
  friendState,
  hasBlocked,
  isBlockedEitherWay,
  relationshipsTopic,
} from "./relationships.ts";
