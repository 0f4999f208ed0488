/** Home's card grid: 2 columns on phones up to 5 on wide screens. */
export const SHELF_GRID_CLASS =
  "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5";
