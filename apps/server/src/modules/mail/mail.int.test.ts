// Email end to end: a person's choices and the newsletter's double opt-in, issues sent through a
// real SMTP server to the right people once, one-click unsubscribe, opens and clicks counted,
// temporary failures retried, refused addresses and providers' bounce reports suppressing bulk
// mail, pausing and cancelling, schedules in the team's zone, digests, and bad input refused.
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle } from "../../test/catalogue.ts";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  refusalOf,
  TEST_MAIL_WEBHOOK_SECRET,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { creditCoins } from "../coins/index.ts";
import { contentFollows } from "../library/schema.ts";
import { adminNotifications, notifications } from "../notifications/schema.ts";
import { users } from "../users/schema.ts";
import { sendDueDigests } from "./digest.ts";
import { drawMessage } from "./draw.ts";
import { mailLinks } from "./links.ts";
import { startDueIssues } from "./newsletter.service.ts";
import { mailModerationNotice, mailSupportReply } from "./person-mail.ts";
import { queueMail } from "./queue.ts";
import { mailOutbox, mailPreferences, mailSuppressions, newsletterIssues } from "./schema.ts";
import { MailSender } from "./sender.ts";
import { type MailTransport, outboxTransport, smtpTransport } from "./transport.ts";

let platform: TestPlatform;
let server: TestServer;
let smtp: SmtpSink;
let transport: MailTransport;
beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
  smtp = await startSmtpSink();
  transport = smtpTransport(smtp.url, { connections: 2 });
});
afterAll(async () => {
  transport.close();
  await smtp.close();
  await server.close();
  await platform.dispose();
});
beforeEach(async () => {
  await platform.reset();
  smtp.received.length = 0;
  smtp.refuseRecipient(null);
  smtp.failNextMessages(0);
});

const log = pino({ level: "silent" });
const sendAll = (via: MailTransport = transport) =>
  new MailSender(platform.deps, via, { log, ratePerSecond: 1_000 }).drain();
const as = (user: TestUser) => callerFor(platform, user);

async function verified(user: TestUser): Promise<string> {
  const [row] = await platform.deps.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning({ email: users.email });
  platform.deps.changes.changed(`user:${user.id}`);
  return row?.email as string;
}

/** A reader who asked for the newsletter and followed the confirmation link. */
async function subscriber(): Promise<TestUser> {
  const user = await createUser(platform);
  const email = await verified(user);
  await platform.deps.db.insert(mailPreferences).values({
    userId: user.id,
    newsletter: "confirmed",
    newsletterAddress: email,
    newsletterConfirmedAt: new Date(),
  });
  return user;
}

const outbox = (kind?: string) =>
  platform.deps.db
    .select()
    .from(mailOutbox)
    .where(kind ? eq(mailOutbox.kind, kind as "newsletter") : undefined);

const issueInput = (titleId?: string) => ({
  subject: "The December issue",
  preheader: "What readers loved this month",
  blocks: [
    { type: "heading" as const, text: "Winter reading" },
    { type: "text" as const, text: "Three new series this week.\n\nMore at https://example.com/more." },
    ...(titleId ? [{ type: "title" as const, titleId }] : []),
    { type: "button" as const, label: "Open Litverse", url: "https://example.com/open" },
  ],
  segment: { kind: "everyone" as const },
});

function tokenIn(html: string, path: "unsubscribe" | "o" | "c"): string {
  const pattern =
    path === "o"
      ? /\/mail\/o\/([\w-]+\.[\w-]+)\.gif/
      : path === "c"
        ? /\/mail\/c\/([\w-]+\.[\w-]+)\/0/
        : /\/mail\/unsubscribe\/([\w-]+\.[\w-]+)/;
  const found = pattern.exec(html)?.[1];
  if (!found) throw new Error(`no ${path} link in the message`);
  return found;
}

describe("a person's email settings", () => {
  it("shows the address and its confirmation, keeps the switches, and refuses bad input changing nothing", async () => {
    const reader = await createUser(platform);
    const before = await as(reader).mail.getEmailSettings();
    expect(before).toMatchObject({
      verified: false,
      moderation: true,
      support: true,
      digest: "off",
      newsletter: "none",
    });
    expect(await codeOf(as(reader).mail.setEmailSettings({ digest: "hourly" as "daily" }))).toBe(
      "BAD_REQUEST",
    );
    expect(await codeOf(as(reader).mail.setEmailSettings({ moderation: false, extra: 1 } as never))).toBe(
      "BAD_REQUEST",
    );
    expect((await as(reader).mail.getEmailSettings()).moderation).toBe(true);
    const after = await as(reader).mail.setEmailSettings({ support: false, digest: "weekly" });
    expect(after).toMatchObject({ support: false, digest: "weekly", moderation: true });
  });

  it("asks an unverified address to confirm first, and confirms the newsletter only by the link sent (double opt-in)", async () => {
    const reader = await createUser(platform);
    expect(await refusalOf(as(reader).mail.setNewsletter({ subscribed: true }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Confirm your email address first.",
    });
    expect(await outbox()).toHaveLength(0);

    const address = await verified(reader);
    expect((await as(reader).mail.setNewsletter({ subscribed: true })).newsletter).toBe("pending");
    const [confirmation] = await outbox("newsletter_confirm");
    expect(confirmation?.toAddress).toBe(address);
    const drawn = await drawMessage(
      { db: platform.deps.db, publicUrl: platform.deps.mail.publicUrl },
      confirmation as never,
    );
    const link = /\/mail\/newsletter\/confirm\/([\w.-]+)/.exec(drawn.html)?.[1] as string;
    expect(link).toBeTruthy();
    // Opening the link (a mail scanner does) changes nothing; the page's button does.
    const page = await server.app.inject({ method: "GET", url: `/mail/newsletter/confirm/${link}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(address);
    expect((await as(reader).mail.getEmailSettings()).newsletter).toBe("pending");
    expect(
      (await server.app.inject({ method: "POST", url: `/mail/newsletter/confirm/${link}` })).statusCode,
    ).toBe(200);
    expect((await as(reader).mail.getEmailSettings()).newsletter).toBe("confirmed");
    // A link made for someone else, or altered, does nothing.
    const altered = `${link.slice(0, -6)}${link.slice(-6, -5) === "A" ? "B" : "A"}${link.slice(-5)}`;
    expect(
      (await server.app.inject({ method: "POST", url: `/mail/newsletter/confirm/${altered}` })).statusCode,
    ).toBe(404);

    // Unsubscribing in settings is at once.
    expect((await as(reader).mail.setNewsletter({ subscribed: false })).newsletter).toBe("none");
  });
});

describe("sending an issue", () => {
  it("reaches each confirmed subscriber once through the SMTP server, with one-click unsubscribe, and counts opens, clicks and unsubscribes", async () => {
    const admin = await createUser(platform, "admin");
    const title = await createTitle(platform, {
      title: "Winter Tales",
      description: "Stories for long nights.",
    });
    const people = [await subscriber(), await subscriber(), await subscriber()];
    // Not in the audience: unverified, pending, suppressed.
    const unverified = await createUser(platform);
    await platform.deps.db
      .insert(mailPreferences)
      .values({ userId: unverified.id, newsletter: "confirmed", newsletterAddress: "x@test.invalid" });
    const pending = await createUser(platform);
    await platform.deps.db
      .insert(mailPreferences)
      .values({ userId: pending.id, newsletter: "pending", newsletterAddress: await verified(pending) });
    const bounced = await subscriber();
    const [bouncedRow] = await platform.deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, bounced.id));
    await platform.deps.db
      .insert(mailSuppressions)
      .values({ address: bouncedRow?.email as string, reason: "hard_bounce", source: "test" });

    const issue = await as(admin).newsletter.saveIssue(issueInput(title.id));
    expect(issue.titles).toEqual([expect.objectContaining({ _id: title.id, name: "Winter Tales" })]);
    expect(await as(admin).newsletter.estimateAudience({ segment: { kind: "everyone" } })).toEqual({
      people: 3,
      inSegment: expect.any(Number),
    });
    const preview = await as(admin).newsletter.previewIssue({
      subject: issue.subject,
      preheader: issue.preheader,
      blocks: issue.blocks,
    });
    expect(preview.html).toContain("Winter Tales");
    expect(preview.html).not.toContain("<script");
    expect(preview.darkHtml).toContain("@media all");
    expect(preview.text).toContain("Open Litverse: https://example.com/open");

    const started = await as(admin).newsletter.scheduleIssue({ issueId: issue._id, sendAt: null });
    expect(started).toMatchObject({ status: "sending", recipients: 3 });
    // Starting twice queues nothing more.
    expect(await codeOf(as(admin).newsletter.scheduleIssue({ issueId: issue._id, sendAt: null }))).toBe(
      "CONFLICT",
    );

    expect(await sendAll()).toBe(3);
    expect(await sendAll()).toBe(0);
    const addresses = await platform.deps.db
      .select({ email: users.email })
      .from(users)
      .where(
        sql`${users.id} in (${sql.join(
          people.map((person) => sql`${person.id}::uuid`),
          sql`, `,
        )})`,
      );
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(addresses.map((row) => row.email).sort());
    expect(new Set(smtp.received.map((mail) => mail.headers.get("message-id"))).size).toBe(3);
    const first = smtp.received[0];
    expect(first?.headers.get("list-unsubscribe")).toMatch(
      /^<http:\/\/localhost:\d+\/mail\/unsubscribe\/[\w.-]+>$/,
    );
    expect(first?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(first?.headers.get("subject")).toBe("The December issue");
    expect(first?.raw).toContain("Content-Type: text/plain");
    expect(first?.raw).toContain("Content-Type: text/html");

    const overview = await as(admin).newsletter.getOverview();
    expect(overview.issues[0]).toMatchObject({ status: "sent", sent: 3, recipients: 3 });

    // One-click unsubscribe: a POST to the header's address, no sign-in, no page in between.
    const html = (await outbox("newsletter")).map((row) => row)[0] as typeof mailOutbox.$inferSelect;
    const drawn = await drawMessage({ db: platform.deps.db, publicUrl: platform.deps.mail.publicUrl }, html);
    const token = tokenIn(drawn.html, "unsubscribe");
    const oneClick = await server.app.inject({
      method: "POST",
      url: `/mail/unsubscribe/${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    const [preference] = await platform.deps.db
      .select()
      .from(mailPreferences)
      .where(eq(mailPreferences.userId, html.userId as string));
    expect(preference?.newsletter).toBe("none");
    // The footer's link shows a page first.
    expect((await server.app.inject({ method: "GET", url: `/mail/unsubscribe/${token}` })).body).toContain(
      "Unsubscribe",
    );

    // An open (the picture loaded) and a click through the counter.
    const pixel = await server.app.inject({ method: "GET", url: `/mail/o/${tokenIn(drawn.html, "o")}.gif` });
    expect(pixel.headers["content-type"]).toBe("image/gif");
    const click = await server.app.inject({ method: "GET", url: `/mail/c/${tokenIn(drawn.html, "c")}/0` });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe("https://example.com/more");
    await server.app.inject({ method: "GET", url: `/mail/c/${tokenIn(drawn.html, "c")}/0` });
    expect(
      (await server.app.inject({ method: "GET", url: `/mail/c/${tokenIn(drawn.html, "c")}/99` })).statusCode,
    ).toBe(404);

    const report = await as(admin).newsletter.getIssueReport({ issueId: issue._id });
    expect(report).toMatchObject({
      recipients: 3,
      sent: 3,
      delivered: 3,
      bounced: 0,
      opened: 1,
      clicked: 1,
      unsubscribed: 1,
    });
    expect(report.links[0]).toEqual({ url: "https://example.com/more", clicks: 2, people: 1 });
    expect(report.links.map((link) => link.url)).toContain(
      `${platform.deps.mail.publicUrl}/content/${title.id}`,
    );

    // The outbox lists them, and shows each.
    const page = await as(admin).newsletter.listOutbox({ kind: "newsletter", limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.items[0]?.subject).toBe("The December issue");
    const next = await as(admin).newsletter.listOutbox({
      kind: "newsletter",
      limit: 2,
      cursor: page.nextCursor,
    });
    expect(next.items).toHaveLength(1);
    const detail = await as(admin).newsletter.getOutboxMessage({ messageId: page.items[0]?._id as string });
    expect(detail.html).toContain("Winter reading");

    // A sent issue cannot change.
    expect(await codeOf(as(admin).newsletter.saveIssue({ ...issueInput(), issueId: issue._id }))).toBe(
      "CONFLICT",
    );
  });

  it("retries a temporary failure later, and suppresses an address the server refuses for good", async () => {
    const admin = await createUser(platform, "admin");
    const [kept, refused] = [await subscriber(), await subscriber()];
    const [refusedRow] = await platform.deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, refused.id));
    smtp.refuseRecipient(refusedRow?.email as string);
    smtp.failNextMessages(1);
    const issue = await as(admin).newsletter.saveIssue(issueInput());
    await as(admin).newsletter.scheduleIssue({ issueId: issue._id, sendAt: null });
    await sendAll();
    const rows = await outbox("newsletter");
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    expect(byUser.get(refused.id)).toMatchObject({ status: "failed", bouncedAt: expect.any(Date) });
    expect(byUser.get(kept.id)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: expect.stringContaining("451"),
    });
    expect((await as(refused).mail.getEmailSettings()).suppressed?.reason).toBe("hard_bounce");
    expect(smtp.received).toHaveLength(0);

    // Not before its time; then once.
    expect(await sendAll()).toBe(0);
    await platform.deps.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(mailOutbox.userId, kept.id));
    expect(await sendAll()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect((await as(admin).newsletter.getIssueReport({ issueId: issue._id })).bounced).toBe(1);
    // Nothing more goes to the refused address: it is out of every audience.
    expect((await as(admin).newsletter.estimateAudience({ segment: { kind: "everyone" } })).people).toBe(1);
  });

  it("pauses, resumes and cancels an issue on its way", async () => {
    const admin = await createUser(platform, "admin");
    for (let i = 0; i < 3; i++) await subscriber();
    const issue = await as(admin).newsletter.saveIssue(issueInput());
    await as(admin).newsletter.scheduleIssue({ issueId: issue._id, sendAt: null });
    expect((await as(admin).newsletter.pauseIssue({ issueId: issue._id })).status).toBe("paused");
    expect(await sendAll(outboxTransport)).toBe(0);
    expect(await codeOf(as(admin).newsletter.pauseIssue({ issueId: issue._id }))).toBe("CONFLICT");
    await as(admin).newsletter.resumeIssue({ issueId: issue._id });
    await platform.deps.db.execute(
      sql`update mail_outbox set status = 'sent' where id = (select id from mail_outbox where issue_id = ${issue._id} limit 1)`,
    );
    expect((await as(admin).newsletter.cancelIssue({ issueId: issue._id })).status).toBe("cancelled");
    expect(await sendAll(outboxTransport)).toBe(0);
    const statuses = (await outbox("newsletter")).map((row) => row.status).sort();
    expect(statuses).toEqual(["sent", "skipped", "skipped"]);
  });

  it("schedules in the team's time zone and starts when the time comes", async () => {
    const admin = await createUser(platform, "admin");
    await subscriber();
    await as(admin).newsletter.setNewsletterSettings({ timeZone: "Asia/Tokyo" });
    const issue = await as(admin).newsletter.saveIssue(issueInput());
    expect(
      await codeOf(
        as(admin).newsletter.scheduleIssue({
          issueId: issue._id,
          sendAt: { date: "2020-01-01", time: "09:00" },
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect(
      await codeOf(
        as(admin).newsletter.scheduleIssue({
          issueId: issue._id,
          sendAt: { date: "2099-02-30", time: "09:00" },
        }),
      ),
    ).toBe("BAD_REQUEST");
    const scheduled = await as(admin).newsletter.scheduleIssue({
      issueId: issue._id,
      sendAt: { date: "2099-01-05", time: "09:00" },
    });
    expect(scheduled).toMatchObject({ status: "scheduled", scheduledFor: "2099-01-05T00:00:00.000Z" });
    expect(await startDueIssues(platform.deps)).toBe(0);
    await platform.deps.db
      .update(newsletterIssues)
      .set({ scheduledFor: new Date(Date.now() - 1_000) })
      .where(eq(newsletterIssues.id, issue._id));
    expect(await startDueIssues(platform.deps)).toBe(1);
    expect(await startDueIssues(platform.deps)).toBe(0);
    expect(await sendAll(outboxTransport)).toBe(1);
  });

  it("finds segments by what people do: followers, unlockers of N but not N+1, inactive, coin balances, genres", async () => {
    const admin = await createUser(platform, "admin");
    const title = await createTitle(platform, { genres: ["Fantasy"] });
    const [first, second] = await addChapters(platform, title.id, 2);
    const [follower, unlocker, rich] = [await subscriber(), await subscriber(), await subscriber()];
    await platform.deps.db.insert(contentFollows).values({ userId: follower.id, contentId: title.id });
    await platform.deps.db.execute(sql`insert into episode_unlocks (user_id, content_id, episode_id, kind)
      values (${unlocker.id}, ${title.id}, ${first?.id}, 'wait_free'), (${follower.id}, ${title.id}, ${first?.id}, 'wait_free'), (${follower.id}, ${title.id}, ${second?.id}, 'wait_free')`);
    await platform.deps.db.execute(
      sql`insert into episode_views (episode_id, content_id, user_id) values (${first?.id}, ${title.id}, ${unlocker.id})`,
    );
    await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
      creditCoins(platform.deps, tx, rich.id, {
        kind: "grant",
        purchased: 500,
        bonus: 0,
        memo: "test",
        idempotencyKey: "mail-test-rich",
      }),
    );
    const count = async (
      segment: Parameters<ReturnType<typeof as>["newsletter"]["estimateAudience"]>[0]["segment"],
    ) => (await as(admin).newsletter.estimateAudience({ segment })).people;
    expect(await count({ kind: "followers", titleId: title.id })).toBe(1);
    expect(await count({ kind: "unlocked_not_next", titleId: title.id, episodeNumber: 1 })).toBe(1);
    expect(await count({ kind: "coins_below", coins: 100 })).toBe(2);
    expect(await count({ kind: "genre", genre: "fantasy" })).toBe(1);
    expect(await count({ kind: "inactive", days: 30 })).toBe(0);
    await platform.deps.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(users.id, rich.id));
    expect(await count({ kind: "inactive", days: 30 })).toBe(1);
    expect(
      await codeOf(as(admin).newsletter.estimateAudience({ segment: { kind: "inactive", days: 0 } })),
    ).toBe("BAD_REQUEST");
    expect(
      await codeOf(
        as(admin).newsletter.saveIssue({
          ...issueInput(),
          segment: { kind: "followers", titleId: crypto.randomUUID() },
        }),
      ),
    ).toBe("BAD_REQUEST");
  });

  it("refuses bad issues, outside links that are not https, and people outside the newsletter section", async () => {
    const admin = await createUser(platform, "admin");
    const reader = await createUser(platform);
    expect(await codeOf(as(reader).newsletter.getOverview())).toBe("FORBIDDEN");
    expect(await codeOf(as(admin).newsletter.saveIssue({ ...issueInput(), blocks: [] }))).toBe("BAD_REQUEST");
    expect(
      await codeOf(
        as(admin).newsletter.saveIssue({
          ...issueInput(),
          blocks: [{ type: "button", label: "Go", url: "javascript:alert(1)" }],
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect(
      await codeOf(
        as(admin).newsletter.saveIssue({
          ...issueInput(),
          blocks: [{ type: "picture", pictureKey: "../../etc/passwd", alt: "", link: null }],
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect(
      await codeOf(
        as(admin).newsletter.saveIssue({
          ...issueInput(),
          segment: { kind: "plan", planId: crypto.randomUUID() },
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect((await as(admin).newsletter.getOverview()).issues).toHaveLength(0);
    // What admins write is escaped, never markup.
    const preview = await as(admin).newsletter.previewIssue({
      subject: "<b>Hi</b>",
      preheader: "",
      blocks: [{ type: "text", text: "<script>alert(1)</script> <img src=x onerror=alert(1)>" }],
    });
    expect(preview.html).not.toContain("<script>alert");
    expect(preview.html).not.toContain("<img src=x");
    expect(preview.html).toContain("&lt;script&gt;");
  });
});

describe("bounce and complaint reports", () => {
  it("takes a provider's report only with the secret, suppresses hard bounces and complaints, and a complaint ends the newsletter", async () => {
    const person = await subscriber();
    const [row] = await platform.deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, person.id));
    const address = row?.email as string;
    const post = (url: string, body: unknown) =>
      server.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
    expect((await post("/webhooks/mail/plain", { email: address, type: "hard" })).statusCode).toBe(401);
    expect(
      (await post("/webhooks/mail/plain?key=wrong-secret-value", { email: address, type: "hard" }))
        .statusCode,
    ).toBe(401);
    expect((await post(`/webhooks/mail/nobody?key=${TEST_MAIL_WEBHOOK_SECRET}`, {})).statusCode).toBe(404);
    expect(
      (await post(`/webhooks/mail/plain?key=${TEST_MAIL_WEBHOOK_SECRET}`, { nothing: true })).statusCode,
    ).toBe(400);
    expect(await platform.deps.db.select().from(mailSuppressions)).toHaveLength(0);

    // Amazon SNS first asks to confirm the subscription: the administrators are told where.
    const subscribeUrl =
      "https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn&Token=abc";
    const asking = await post(`/webhooks/mail/ses?key=${TEST_MAIL_WEBHOOK_SECRET}`, {
      Type: "SubscriptionConfirmation",
      SubscribeURL: subscribeUrl,
    });
    expect(asking.json()).toMatchObject({ subscriptionToConfirm: true });
    const [notice] = await platform.deps.db
      .select()
      .from(adminNotifications)
      .where(eq(adminNotifications.kind, "mail"));
    expect(notice?.body).toContain(subscribeUrl);
    const elsewhere = await post(`/webhooks/mail/ses?key=${TEST_MAIL_WEBHOOK_SECRET}`, {
      Type: "SubscriptionConfirmation",
      SubscribeURL: "https://attacker.example/?x",
    });
    expect(elsewhere.json()).toEqual({ received: 0, suppressed: 0 });

    const soft = await post(`/webhooks/mail/plain?key=${TEST_MAIL_WEBHOOK_SECRET}`, {
      email: address,
      type: "soft",
    });
    expect(soft.json()).toEqual({ received: 1, suppressed: 0 });
    const ses = {
      Type: "Notification",
      Message: JSON.stringify({
        notificationType: "Complaint",
        complaint: { complainedRecipients: [{ emailAddress: address }], complaintFeedbackType: "abuse" },
        mail: { commonHeaders: { messageId: `<${crypto.randomUUID()}@litverse.localhost>` } },
      }),
    };
    expect((await post(`/webhooks/mail/ses?key=${TEST_MAIL_WEBHOOK_SECRET}`, ses)).json()).toEqual({
      received: 1,
      suppressed: 1,
    });
    const settings = await as(person).mail.getEmailSettings();
    expect(settings).toMatchObject({ suppressed: { reason: "complaint" }, newsletter: "none" });
    expect(await refusalOf(as(person).mail.setNewsletter({ subscribed: true }))).toMatchObject({
      code: "BAD_REQUEST",
    });

    // The person's page in user management shows it; a superadmin can let mail through again.
    const superadmin = await createUser(platform, "superadmin");
    const record = await as(superadmin).userManagement.getPerson({ userId: person.id });
    expect(record.email).toMatchObject({
      address,
      verified: true,
      suppressed: { reason: "complaint", source: "ses" },
    });
    const reason = "The reader wrote to support: the complaint was a slip.";
    expect(await codeOf(as(person).userManagement.liftEmailSuppression({ userId: person.id, reason }))).toBe(
      "FORBIDDEN",
    );
    expect(
      (await as(superadmin).userManagement.liftEmailSuppression({ userId: person.id, reason })).suppressed,
    ).toBeNull();
    expect(
      await codeOf(as(superadmin).userManagement.liftEmailSuppression({ userId: person.id, reason })),
    ).toBe("CONFLICT");
  });
});

describe("mail about what happens to a person", () => {
  it("sends digests of unread notifications once a period, and nothing when all is read", async () => {
    const reader = await createUser(platform);
    await verified(reader);
    await as(reader).mail.setEmailSettings({ digest: "daily" });
    expect(await sendDueDigests(platform.deps)).toBe(0);
    await platform.deps.db.insert(notifications).values([
      { userId: reader.id, kind: "system", title: "First", body: "one" },
      { userId: reader.id, kind: "system", title: "Second", body: "two", link: "/rewards" },
    ]);
    await platform.deps.db
      .update(mailPreferences)
      .set({ digestSentAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(mailPreferences.userId, reader.id));
    expect(await sendDueDigests(platform.deps)).toBe(1);
    expect(await sendDueDigests(platform.deps)).toBe(0);
    await sendAll();
    expect(smtp.received[0]?.headers.get("subject")).toBe("2 new notifications on Litverse");
    expect(smtp.received[0]?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(smtp.received[0]?.raw).toContain("Second");
  });

  it("mails moderation statements and support replies by the person's switches, to confirmed addresses only", async () => {
    const reader = await createUser(platform);
    const notice = { title: "A decision about your post", body: "It was hidden.", link: "/settings/safety" };
    expect(await mailModerationNotice(platform.deps, reader.id, notice, "t1")).toBe(false);
    await verified(reader);
    expect(await mailModerationNotice(platform.deps, reader.id, notice, "t1")).toBe(true);
    expect(await mailModerationNotice(platform.deps, reader.id, notice, "t1")).toBe(false);
    await as(reader).mail.setEmailSettings({ moderation: false });
    expect(await mailModerationNotice(platform.deps, reader.id, notice, "t2")).toBe(false);

    const reply = {
      ticketSubject: "#12 Coins missing",
      agent: "Sam",
      excerpt: "We added them.",
      link: "/support/x",
    };
    await platform.deps.db.execute(
      sql`insert into profiles (user_id, last_seen_at) values (${reader.id}, now())`,
    );
    expect(await mailSupportReply(platform.deps, reader.id, reply)).toBe(false);
    await platform.deps.db.execute(
      sql`update profiles set last_seen_at = now() - interval '1 hour' where user_id = ${reader.id}`,
    );
    expect(await mailSupportReply(platform.deps, reader.id, reply)).toBe(true);
    await sendAll();
    expect(smtp.received.map((mail) => mail.headers.get("subject")).sort()).toEqual([
      "A decision about your post",
      "New reply: #12 Coins missing",
    ]);
    // Transactional mail carries no unsubscribe header: it is about the person's own account.
    expect(smtp.received.every((mail) => !mail.headers.has("list-unsubscribe"))).toBe(true);
  });
});

describe("the outbox", () => {
  it("shows account links (password resets, confirmations) to superadministrators only", async () => {
    const reader = await createUser(platform);
    const resetUrl = "http://localhost/oidc/account/reset-password?token=secret-token-value";
    await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
      queueMail(platform.deps, tx, {
        kind: "password_reset",
        to: "someone@test.invalid",
        userId: reader.id,
        params: { name: "Sam", resetUrl },
      }),
    );
    const admin = await createUser(platform, "admin");
    const superadmin = await createUser(platform, "superadmin");
    const [listed] = (await as(admin).newsletter.listOutbox({ kind: "password_reset", limit: 10 })).items;
    expect(listed?.subject).toBe("Choose a new Litverse password");
    const seenByAdmin = await as(admin).newsletter.getOutboxMessage({ messageId: listed?._id as string });
    expect(seenByAdmin.html).not.toContain("secret-token-value");
    expect(seenByAdmin.text).not.toContain("secret-token-value");
    const seenBySuperadmin = await as(superadmin).newsletter.getOutboxMessage({
      messageId: listed?._id as string,
    });
    expect(seenBySuperadmin.text).toContain(resetUrl);
    expect(await codeOf(as(reader).newsletter.listOutbox({ limit: 10 }))).toBe("FORBIDDEN");
  });
});

describe("message links", () => {
  it("are signed: a token names one message and nothing else", async () => {
    const links = await mailLinks(platform.deps.db);
    const id = crypto.randomUUID();
    expect(links.readMessage(links.forMessage(id))).toBe(id);
    expect(links.readMessage(`${links.forMessage(id)}x`)).toBeNull();
    // The same bytes written another way (a last character's spare bits) are another token.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const token = links.forMessage(id);
    const twin = `${token.slice(0, -1)}${alphabet[alphabet.indexOf(token.at(-1) as string) ^ 1]}`;
    expect(Buffer.from(twin.split(".")[1] as string, "base64url")).toEqual(
      Buffer.from(token.split(".")[1] as string, "base64url"),
    );
    expect(links.readMessage(twin)).toBeNull();
    expect(links.readConfirmation(links.forMessage(id))).toBeNull();
  });
});
