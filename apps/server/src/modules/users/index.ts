// What the users module offers the other modules; everything else in this folder is its own.
export { DEMO_PERSONA_ISSUER } from "./demo-personas.ts";
export { userTopic } from "./users.service.ts";
