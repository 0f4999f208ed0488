// What the shell feature offers the other features; everything else in this folder is its own.
export { DemoBadge } from "./demo-badge.tsx";
export { ThemeToggle } from "./theme-toggle.tsx";
