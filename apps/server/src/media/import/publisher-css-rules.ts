// What the book's CSS may say, property by property: the tables publisher-css.ts judges each
// declaration by (what is dropped everywhere, what the book's root may not set, where a url() may
// load, EPUB's own prefixed names).

/** Vendor prefixes are stripped before a property is judged, so `-webkit-columns` counts as `columns`. */
export const VENDOR = /^-(?:webkit|moz|ms|o|epub)-/;
/** Dropped wherever they are: scripting hooks (behavior, binding), our pagination by CSS columns
 *  (column-span too: an element spanning all columns breaks the pages), motion, and the pointer. */
export const ALWAYS_DROPPED =
  /^(?:behavior|binding|columns|column-(?:count|width|gap|fill|span|rule.*)|animation.*|transition.*|cursor|pointer-events)$/;
/** On the element standing for the book's root, whose box, page background, text size and writing mode are the reader's. */
export const ROOT_DROPPED =
  /^(?:font-size|font|margin.*|padding.*|width|height|inline-size|block-size|min-.+|max-.+|position|top|right|bottom|left|inset.*|overflow.*|float|display|transform.*|translate|rotate|scale|zoom|writing-mode|background.*)$/;
/** The only properties whose url() is resolved (as an image); a url() anywhere else drops its declaration. */
export const IMAGE_PROPERTIES =
  /^(?:background|background-image|list-style|list-style-image|border-image.*|mask.*|shape-outside)$/;
/** A drawing's paint, clip and markers may name its own parts (`fill: url(#star)`), never a file. */
export const DRAWING_PROPERTIES = /^(?:fill|stroke|clip-path|filter|marker|marker-(?:start|mid|end))$/;
/**
 * EPUB's own prefixed properties (EPUB 3 keeps them for older books) under the names browsers know:
 * Chromium reads some `-epub-` forms itself, not these.
 */
export const EPUB_PROPERTIES: Record<string, string> = {
  "-epub-hyphens": "hyphens",
  "-epub-line-break": "line-break",
  "-epub-text-align-last": "text-align-last",
  "-epub-text-emphasis": "text-emphasis",
  "-epub-text-emphasis-color": "text-emphasis-color",
  "-epub-text-emphasis-position": "text-emphasis-position",
  "-epub-text-emphasis-style": "text-emphasis-style",
  "-epub-text-underline-position": "text-underline-position",
  "-epub-text-combine": "text-combine-upright",
  "-epub-text-combine-horizontal": "text-combine-upright",
  "-webkit-text-combine": "text-combine-upright",
  "-epub-text-orientation": "text-orientation",
  "-epub-word-break": "word-break",
  "-epub-writing-mode": "writing-mode",
};
/** Functions that can load a resource from a plain string, or that old Internet Explorer ran as script. */
export const BLOCKED_FUNCTIONS = /^(?:-webkit-)?(?:image-set|image|cross-fade|src|expression|element)$/;
/** Values `position` keeps: fixed and sticky would pin the book's boxes over the app. A var() could hide either. */
export const POSITIONS = new Set(["static", "relative", "absolute", "inherit", "initial", "unset", "revert"]);
/** The @font-face descriptors a font needs; others (font-named-instance, …) are dropped. */
export const FACE_DESCRIPTORS =
  /^(?:font-(?:weight|style|stretch|display|feature-settings|variation-settings)|unicode-range|(?:ascent|descent|line-gap)-override|size-adjust)$/;
/** Unquoted, these name a kind of font rather than a font, whatever the book declared. */
export const GENERIC_FAMILIES =
  /^(?:serif|sans-serif|monospace|cursive|fantasy|system-ui|math|emoji|fangsong|ui-(?:serif|sans-serif|monospace|rounded)|inherit|initial|unset|revert|default)$/i;
/** Size keywords of the `font` shorthand, which mark where its family list begins. */
export const SIZE_KEYWORDS =
  /^(?:xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large|larger|smaller)$/i;
/** How many of each absolute unit make an inch (96px); rem is taken as its default 16px. */
export const INCH: Record<string, number> = {
  in: 1,
  px: 96,
  pt: 72,
  pc: 6,
  cm: 2.54,
  mm: 25.4,
  q: 101.6,
  rem: 6,
};
