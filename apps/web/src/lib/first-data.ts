// The page's first data, asked for by the head script (src/first-data-request.ts) while the app's
// code downloaded (decision 0029): put in the query cache as soon as it is there, under the keys
// the pages read, and taken by the sign-in gate as the server's record of that person.
import type { FirstDataReply } from "@litverse/shared/first-data";
import { storedSignIn } from "./auth/stored-sign-in.ts";
import { putFirstData } from "./first-data-keys.ts";
import { queryClient } from "./query-client.ts";

/** The answer once it has come (null: none will); undefined while it is on its way. */
let settled: FirstDataReply | null | undefined;
/** Whose answers are in the cache, if any were put there. */
let seededSubject: string | null = null;
// (No window when the server draws a first screen with the app's modules: nothing comes then.)
const firstData: Promise<FirstDataReply | null> = (
  (typeof window === "undefined" ? undefined : window.litverseFirstData) ?? Promise.resolve(null)
).then((reply) => {
  settled = reply;
  // Usually there before the app's code has run: the first render then finds the page's data,
  // rather than a render for the gates and another once the sign-in check has come.
  if (reply) seed(reply);
  return reply;
});

/** Whether the head script asked for this page's first data (the answer may still be on its way). */
export function isFirstDataComing(): boolean {
  return window.litverseFirstData !== undefined;
}

/**
 * Puts the answers in the cache, where the page has nothing yet, if they are for the person whose
 * sign-in is stored now (another may have signed in, or nobody, since the head script asked).
 */
function seed(reply: FirstDataReply): void {
  if (reply.subject !== storedSignIn()?.subject) return;
  seededSubject = reply.subject;
  putFirstData(queryClient, reply);
}

/** Whose first data is in the cache (null: nobody's). */
export function firstDataSubject(): string | null {
  return seededSubject;
}

/** Whether the first-data answer has come and stored `subject` on the server (as `users.updateCurrentUser` does). */
export function isSyncedByFirstData(subject: string): boolean {
  return settled?.subject === subject;
}

/** Settles once the first-data answer has come, or once it is known that none will. */
export async function firstDataSettled(): Promise<void> {
  await firstData;
}
