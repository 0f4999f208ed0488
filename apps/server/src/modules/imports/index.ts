// What the imports module offers the other modules; everything else in this folder is its own.
export { storeCover } from "./commit-import.ts";
