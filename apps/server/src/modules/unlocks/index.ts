// What the unlocks module offers the other modules; everything else in this folder is its own.
export { adminListUnlocks } from "./unlocks.service.ts";
