// The demo's email, made through the functions real use goes through: the demo reader and some of
// the demo personas ask for the newsletter and follow the confirmation link; the superadmin sends
// an issue (into the outbox: demo addresses are nobody's) which some open and click and one
// unsubscribes from, and schedules the next one.
import { and, eq, inArray, isNull, like, sql } from "drizzle-orm";
import pino from "pino";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { content } from "../content/schema.ts";
import { DEMO_PERSONA_ISSUER } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { issueTemplateOf } from "./draw.ts";
import { CONFIRMATION_DAYS, mailLinks } from "./links.ts";
import { saveIssue, scheduleIssue } from "./newsletter.service.ts";
import { confirmNewsletter, setNewsletter, unsubscribeByMessage } from "./preferences.service.ts";
import { recordClick, recordOpen } from "./report.service.ts";
import { mailOutbox, newsletterIssues } from "./schema.ts";
import { MailSender } from "./sender.ts";
import { outboxTransport } from "./transport.ts";

/** Demo personas who take the newsletter. */
const SUBSCRIBED_PERSONAS = 24;
const DAY_MS = 86_400_000;
/** Demo personas get addresses of a reserved domain: nothing sent there reaches anyone. */
const PERSONA_DOMAIN = "readers.demo.test";

const noAccounts = () => ({ canChangeAddress: false, pendingAddress: null });

async function subscribe(deps: ServiceDeps, user: SessionUser): Promise<void> {
  await setNewsletter(deps, user, true, async () => noAccounts());
  const [row] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  // As if the person followed the link in the confirmation mail.
  const token = (await mailLinks(deps.db)).forConfirmation({
    userId: user.id,
    address: row?.email as string,
    expiresAt: new Date(Date.now() + CONFIRMATION_DAYS * DAY_MS),
  });
  await confirmNewsletter(deps, token);
}

export async function seedDemoMail(deps: ServiceDeps): Promise<number> {
  const [existing] = await deps.db.select({ id: newsletterIssues.id }).from(newsletterIssues).limit(1);
  if (existing) return 0;
  const [superadmin] = await deps.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, "superadmin@demo.test")));
  const [reader] = await deps.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, "reader@demo.test")));
  if (!superadmin || !reader) return 0;

  // The personas' addresses, confirmed as the demo accounts' are.
  await deps.db
    .update(users)
    .set({ email: sql`${users.handle} || ${`@${PERSONA_DOMAIN}`}`, emailVerifiedAt: new Date() })
    .where(and(eq(users.issuer, DEMO_PERSONA_ISSUER), isNull(users.email)));
  const personas = await deps.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.issuer, DEMO_PERSONA_ISSUER), like(users.email, `%@${PERSONA_DOMAIN}`)))
    .orderBy(users.createdAt, users.id)
    .limit(SUBSCRIBED_PERSONAS);
  const subscribers = [reader, ...personas];
  for (const person of subscribers) await subscribe(deps, person);

  const titles = await deps.db
    .select({ id: content.id })
    .from(content)
    .where(like(content.coverImage, "/media/%"))
    .orderBy(content.createdAt)
    .limit(2);
  const sent = await saveIssue(deps, superadmin, {
    subject: "New on Litverse: stories for long evenings",
    preheader: "Two titles readers finished in one sitting, and what comes next.",
    blocks: [
      { type: "heading", text: "Stories for long evenings" },
      {
        type: "text",
        text: "This week readers could not put these down. Start with the first chapters: they are free.\n\nEvery title follows you across your devices, so you can start on your phone and finish on the big screen.",
      },
      ...titles.map((title) => ({ type: "title" as const, titleId: title.id })),
      { type: "button", label: "Explore the catalogue", url: "/explore" },
    ],
    segment: { kind: "everyone" },
  });
  await scheduleIssue(deps, sent._id, null);
  const among = sql`o.user_id in (${sql.join(
    subscribers.map((person) => sql`${person.id}::uuid`),
    sql`, `,
  )})`;
  await new MailSender(deps, outboxTransport, {
    log: pino({ level: "silent" }),
    ratePerSecond: 10_000,
  }).drain(among);

  // What readers did with it: about two in three opened it, one in four followed a link.
  const messages = await deps.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.issueId, sent._id), eq(mailOutbox.status, "sent")))
    .orderBy(mailOutbox.toAddress);
  const links = (await issueTemplateOf({ db: deps.db, publicUrl: deps.mail.publicUrl }, sent._id)).links;
  const tokens = await mailLinks(deps.db);
  for (const [index, message] of messages.entries()) {
    if (index % 3 !== 2) await recordOpen(deps, message.id);
    if (index % 4 === 0 && links.length > 0) await recordClick(deps, message.id, index % links.length);
  }
  const leaving = messages.at(-1);
  if (leaving) await unsubscribeByMessage(deps, tokens.forMessage(leaving.id));

  const next = await saveIssue(deps, superadmin, {
    subject: "Coming next week on Litverse",
    preheader: "New episodes, a new club, and a reading challenge.",
    blocks: [
      { type: "heading", text: "Next week" },
      {
        type: "text",
        text: "New episodes of the series you follow, a book club for mystery readers, and a reading challenge with coins to win.",
      },
      { type: "button", label: "See what is new", url: "/explore" },
    ],
    segment: { kind: "everyone" },
  });
  const nextWeek = new Date(Date.now() + 7 * DAY_MS).toISOString().slice(0, 10);
  await scheduleIssue(deps, next._id, { date: nextWeek, time: "09:00" });
  const counted = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(inArray(mailOutbox.issueId, [sent._id]));
  return 2 + subscribers.length + (counted[0]?.count ?? 0);
}
