// What the users module offers the other modules; everything else in this folder is its own.
export {
  anonymiseAccount,
  changeRole,
  DELETED_ISSUER,
  endSessions,
  isLastSuperadmin,
  liftRestriction,
  type Restriction,
  restrictAccount,
} from "./account-actions.ts";
export { signInRefusal, standingOf } from "./account-standing.ts";
export { DEMO_PERSONA_ISSUER } from "./demo-personas.ts";
export { devicesOf, recordDevice } from "./devices.ts";
export { byVisibleAuthor } from "./hidden-authors.ts";
export { isTeamPersona, TEAM_PERSONA_ISSUER } from "./team-personas.ts";
export { ACCOUNTS_TOPIC, userTopic } from "./topics.ts";
