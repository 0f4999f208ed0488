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
