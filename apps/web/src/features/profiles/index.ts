// What the profiles feature offers the other features; everything else in this folder is its own.
export { BlockMenuItem } from "./block-menu-item.tsx";
export { FriendButton } from "./friend-button.tsx";
export { ReportDialog } from "./report-dialog.tsx";
export { ReportMenu } from "./report-menu.tsx";
