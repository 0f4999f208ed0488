// What the content feature offers the other features; everything else in this folder is its own.
export { ContentSkeleton } from "./content-skeleton.tsx";
export { Description } from "./description.tsx";
export { EpisodeRow } from "./episode-list.tsx";
export { RatingInput } from "./rating-input.tsx";
