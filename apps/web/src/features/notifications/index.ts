// What the notifications feature offers the other features; everything else in this folder is its own.
export { LiveNotices, MarkAllReadButton } from "./notice-list.tsx";
