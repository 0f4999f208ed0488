// What the errors feature offers the other features; everything else in this folder is its own.
export { RouteLoading } from "./route-loading.tsx";
