// The mail provider's sending rate is one rate however many processes send: two senders (as two
// processes would run) drawing from one outbox on PostgreSQL, each pacing itself to the rate, still
// send at most the rate between them, since each send also takes a place in a budget counted in
// the database.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { queueMail } from "./queue.ts";
import { MailSender } from "./sender.ts";
import type { MailTransport } from "./transport.ts";

const RATE = 4;
const MESSAGES = 24;
let platform: TestPlatform;

beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform?.dispose());

describe.runIf(process.env.TEST_DATABASE_URL)("the sending rate, shared by the processes", () => {
  it("keeps two senders together to the rate", async () => {
    for (let i = 0; i < MESSAGES; i++) {
      await queueMail(platform.deps, platform.deps.db, {
        kind: "password_reset",
        to: `reader${i}@test.invalid`,
        params: { name: "Sam", resetUrl: "https://litverse.test/reset" },
      });
    }
    const sentAt: number[] = [];
    const transport: MailTransport = {
      kind: "smtp",
      connections: 1,
      send: async () => {
        sentAt.push(performance.now());
        return { ok: true, response: "250 accepted" };
      },
      close: () => {},
    };
    const sender = () =>
      new MailSender(platform.deps, transport, { log: pino({ level: "silent" }), ratePerSecond: RATE });
    const started = performance.now();
    const counts = await Promise.all([sender().drain(), sender().drain()]);
    expect(counts[0] + counts[1]).toBe(MESSAGES);
    // Each took its share (a batch is three seconds' worth): alone, each would be done in under 3 s.
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(MESSAGES / 2);
    // Together at most RATE a second: the last goes no sooner than (24 / 4 − 1) s after the first.
    expect((Math.max(...sentAt) - started) / 1000).toBeGreaterThanOrEqual(MESSAGES / RATE - 1);
  });
});
