// What the profiles module offers the other modules; everything else in this folder is its own.
export { handleRefusal, isReservedHandle } from "./handles.ts";
export { profileReportTarget } from "./moderation-targets.ts";
export {
  avatarUrl,
  ensureProfileRow,
  NO_SUCH_PERSON,
  peopleByIds,
  personById,
  personColumns,
  personTopic,
  requireOtherPerson,
  toPersonSummary,
  unknownPerson,
} from "./people.ts";
export { editProfile, setAvatarOf } from "./profile-edits.ts";
