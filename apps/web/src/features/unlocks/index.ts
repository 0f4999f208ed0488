// What the unlocks feature offers the other features; everything else in this folder is its own.
export { CoinNotice, InsufficientCoinsContent } from "./coin-dialog-parts.tsx";
export { UnlockDialog } from "./unlock-dialog.tsx";
export { coins } from "./unlock-links.ts";
