// Killed mid-send and started again, the server delivers every pending message exactly once: a
// real server process, a real SMTP server, and a kill while a message is being handed over.

import { eq } from "drizzle-orm";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../core/config.ts";
import { openPlatform } from "../../platform.ts";
import { startServerProcess, temporaryDataDir } from "../../test/processes.ts";
import { startSmtpSink } from "../../test/smtp-sink.ts";
import { createUser } from "../../test/test-platform.ts";
import { users } from "../users/schema.ts";
import { saveIssue, startIssue } from "./newsletter.service.ts";
import { mailOutbox, mailPreferences } from "./schema.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const RECIPIENTS = 40;
const KILL_AT = 15;

describe("a send interrupted by a kill", { timeout: 120_000 }, () => {
  it("delivers each pending message exactly once after the restart", async () => {
    const temp = await temporaryDataDir();
    cleanups.push(temp.remove);
    const config = loadConfig({ DATA_DIR: temp.dir, LOG_LEVEL: "silent", NODE_ENV: "test", SEED_DEMO: "0" });
    const platform = await openPlatform(config, pino({ level: "silent" }));
    const admin = await createUser(platform, "admin");
    for (let i = 0; i < RECIPIENTS; i++) {
      const person = await createUser(platform);
      const [row] = await platform.deps.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, person.id))
        .returning({ email: users.email });
      await platform.deps.db
        .insert(mailPreferences)
        .values({ userId: person.id, newsletter: "confirmed", newsletterAddress: row?.email as string });
    }
    const issue = await saveIssue(platform.deps, admin, {
      subject: "Once only",
      preheader: "",
      blocks: [{ type: "text", text: "Each of you gets this once." }],
      segment: { kind: "everyone" },
    });
    expect(await startIssue(platform.deps, issue._id)).toBe(true);
    await platform.close();

    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const env = {
      DATA_DIR: temp.dir,
      SMTP_URL: smtp.url,
      MAIL_RATE_PER_SECOND: "500",
      // One message in flight: the kill lands while the server holds it, not yet accepted.
      MAIL_CONNECTIONS: "1",
    };
    const first = await startServerProcess(env);
    cleanups.push(() => first.stop("SIGKILL"));
    let killed = false;
    smtp.beforeAccept = () => {
      if (smtp.received.length < KILL_AT) return true;
      if (!killed) {
        killed = true;
        first.child.kill("SIGKILL");
      }
      return false;
    };
    await new Promise<void>((resolve) => first.child.once("exit", () => resolve()));
    expect(killed).toBe(true);
    expect(smtp.received).toHaveLength(KILL_AT);

    smtp.beforeAccept = null;
    const second = await startServerProcess(env);
    cleanups.push(() => second.stop("SIGKILL"));
    await smtp.waitFor(RECIPIENTS, 60_000);
    // A clean stop lets the sender finish what it holds; then the books are checked.
    await second.stop("SIGTERM");

    const messageIds = smtp.received.map((mail) => mail.headers.get("message-id"));
    expect(messageIds).toHaveLength(RECIPIENTS);
    expect(new Set(messageIds).size).toBe(RECIPIENTS);
    expect(new Set(smtp.received.map((mail) => mail.to[0])).size).toBe(RECIPIENTS);

    const after = await openPlatform(config, pino({ level: "silent" }));
    try {
      const rows = await after.deps.db.select({ status: mailOutbox.status }).from(mailOutbox);
      expect(rows).toHaveLength(RECIPIENTS);
      expect(rows.every((row) => row.status === "sent")).toBe(true);
    } finally {
      await after.close();
    }
  });
});
