// What the users module offers the other modules; everything else in this folder is its own.
export { userTopic } from "./users.service.ts";
