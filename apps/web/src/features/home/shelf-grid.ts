/** Home's card grid: 2 columns on phones up to 5 on wide screens. */
export const SHELF_GRID_CLASS =
  "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5";

/** Cards of a page's first shelf that a phone shows without scrolling: their covers load at once. */
export const EAGER_COVER_COUNT = 4;
