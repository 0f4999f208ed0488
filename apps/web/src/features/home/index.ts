// What the home feature offers the other features; everything else in this folder is its own.
export { ContentCard } from "./content-card.tsx";
export { shelfTitle } from "./curated-shelves.tsx";
