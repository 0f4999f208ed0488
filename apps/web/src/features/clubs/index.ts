// What the clubs feature offers the other features; everything else in this folder is its own.
export { ClubCover } from "./club-card.tsx";
export { TitleSearch } from "./title-search.tsx";
