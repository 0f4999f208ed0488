// What the vvip module offers the other modules; everything else in this folder is its own.
export { vvipGrantEndsAt } from "./vvip.service.ts";
