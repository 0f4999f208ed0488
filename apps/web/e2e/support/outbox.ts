// Mail as the tests read it: no mail server is set, so messages stay in the outbox, which an
// administrator's functions list. Account links (resets, confirmations) only superadmins see there.
import { expect, type Page } from "@playwright/test";
import { callAs } from "./api.ts";

/** The link matching `pattern` in the newest message of `kind` to `to`, as the outbox holds it. */
export async function linkFromOutbox(
  admin: Page,
  kind: string,
  to: string,
  pattern: RegExp,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const found = await callAs<{ items: Array<{ _id: string }> }>(admin, "query", "newsletter.listOutbox", {
        kind,
        to,
      });
      const newest = found.items[0];
      if (!newest) return null;
      const message = await callAs<{ text: string }>(admin, "query", "newsletter.getOutboxMessage", {
        messageId: newest._id,
      });
      link = pattern.exec(message.text)?.[0];
      return link ?? null;
    })
    .not.toBeNull();
  return link as string;
}
