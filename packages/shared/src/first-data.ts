// A page's first data, asked for over HTTP by a small script in the page's head while the app's
// code is still downloading (decision 0029). The server answers with the same functions' answers
// the page would ask for over the socket, and the app puts them in its cache before it renders.

/** Where the script posts the page's address. */
export const FIRST_DATA_PATH = "/api/first-data";

/** One function's answer, under the name and input the app's cache keeps it by. */
export interface FirstDataQuery {
  path: string;
  input?: unknown;
  data: unknown;
}

/** Sent once the signed-in person is stored and up to date, as after `users.updateCurrentUser`. */
export interface FirstDataReply {
  /** Whose data this is: the app uses it only for the same signed-in person. */
  subject: string;
  queries: FirstDataQuery[];
  /** The images the page shows first (covers, the comic's page, the video's poster), to fetch at once. */
  images: string[];
}

/**
 * The cookie by which a page's own request carries the stored sign-in's access token, so that the
 * server can answer the page's first data and draw its first screen with the page (decision 0031).
 * Written by the app whenever its sign-in changes; read only for those pages.
 */
export const FIRST_SCREEN_COOKIE = "litverse_first_screen";
/** The page's element holding the server's drawing of its first screen, until the app takes over. */
export const FIRST_SCREEN_ELEMENT_ID = "first-screen";
/** The page's JSON data block holding the first-data answer the server drew it from. */
export const FIRST_DATA_ELEMENT_ID = "first-data";
