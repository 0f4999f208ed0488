/** Home's card grid: 2 columns on phones up to 5 on wide screens. */
export const SHELF_GRID_CLASS =
  "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5";

/**
 * For a section of the page that may start off screen: the browser skips its layout and paint
 * until it comes near, keeping its last size (or this estimate, a shelf's height on a phone).
 * On a phone's first load home's shelves made a layout and paint of the whole 6,000 px page.
 */
export const OFFSCREEN_SKIPPED_CLASS = "[content-visibility:auto] [contain-intrinsic-size:auto_40rem]";
