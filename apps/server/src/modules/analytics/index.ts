// What the analytics module offers the rest of the server; everything else in this folder is its own.
export { countIfNeverCounted, recountDailyCounts } from "./recount.ts";
