// What the clubs module offers the other modules; everything else in this folder is its own.
export { myClubsTopic } from "./club-access.ts";
export { clubsOnProfile } from "./club-lists.service.ts";
