// What the moderation module offers the rest of the server; everything else in this folder is its own.
export { autoHidden } from "./auto-hidden.ts";
