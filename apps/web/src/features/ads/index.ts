// What the ads feature offers the other features; everything else in this folder is its own.
export { AdSlot, ServedAdCard } from "./ad-slot.tsx";
export { useServeAd } from "./use-ad-slot.ts";
