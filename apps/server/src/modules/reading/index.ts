// What the reading module offers the other modules; everything else in this folder is its own.
export { recordProgress } from "./progress.service.ts";
export { titleProgressTopic } from "./topics.ts";
