// What the revenue feature offers the other features; everything else in this folder is its own.
export { rangeProblem } from "./revenue-values.ts";
