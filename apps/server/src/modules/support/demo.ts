// The demo support desk: tickets from the demo reader and newcomer in every status, answered by the
// demo admin over the last days, made through the desk's own functions with their clock set back,
// so that the queue, the timers (one ticket past its first-reply target) and the analytics show
// what those steps really did. A few canned replies for the admin to try.
import type { SupportCategory, TicketStatus } from "@litverse/shared/support";
import { and, eq, inArray } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { users } from "../users/schema.ts";
import { supportTickets } from "./schema.ts";
import { createTicket, rateTicket, replyToTicket } from "./support.service.ts";
import { agentReply, createCannedReply, updateTicket } from "./support-desk.service.ts";
import { closeSolvedTickets, flagSlaBreaches } from "./support-upkeep.ts";

const HOUR_MS = 3_600_000;

type Step =
  /** The person writes, `hours` before now. */
  | { at: number; from: "person"; text: string }
  /** The admin answers and sets the status. */
  | { at: number; from: "agent"; text: string; status: "open" | "pending" | "on_hold" | "solved" }
  | { at: number; from: "note"; text: string };

interface DemoTicket {
  email: string;
  category: SupportCategory;
  subject: string;
  steps: Step[];
  rating?: { score: number; comment: string };
  /** What the steps leave it as, checked by the seed's test. */
  expect: TicketStatus;
}

export const DEMO_SUPPORT_TICKETS: DemoTicket[] = [
  {
    email: "reader@demo.test",
    category: "technical",
    subject: "Audiobook stops when my screen locks",
    steps: [
      {
        at: 3,
        from: "person",
        text: "On my phone the audiobook stops a few seconds after the screen locks. Is there a setting for this?",
      },
    ],
    expect: "new",
  },
  {
    email: "newbie@demo.test",
    category: "account",
    subject: "Why do I have to confirm my age?",
    steps: [
      {
        at: 0.5,
        from: "person",
        text: "I was asked to confirm my age before reading. Why is that needed, and who sees it?",
      },
    ],
    expect: "new",
  },
  {
    // High priority with a 4-hour first-reply target, waiting 6 hours: past its target.
    email: "reader@demo.test",
    category: "payments",
    subject: "Where do bonus coins go when they expire?",
    steps: [
      {
        at: 6,
        from: "person",
        text: "Some of my bonus coins disappeared from my wallet. Where did they go, and can I get them back?",
      },
    ],
    expect: "new",
  },
  {
    email: "reader@demo.test",
    category: "account",
    subject: "How do I change my handle?",
    steps: [
      { at: 50, from: "person", text: "I'd like a different @handle. Where do I change it?" },
      {
        at: 49,
        from: "agent",
        text: "Hi! Open Edit Profile from the menu: the handle is the second field. Your old profile link stops working once you change it.",
        status: "solved",
      },
    ],
    rating: { score: 5, comment: "Quick and clear, thank you." },
    expect: "solved",
  },
  {
    email: "newbie@demo.test",
    category: "technical",
    subject: "Comic pages load slowly on my phone",
    steps: [
      { at: 26, from: "person", text: "Pages of comics take several seconds each to appear on my phone." },
      {
        at: 24,
        from: "agent",
        text: "Sorry about that. Which phone and browser do you use, and does it happen on Wi-Fi as well as mobile data?",
        status: "pending",
      },
    ],
    expect: "pending",
  },
  {
    email: "reader@demo.test",
    category: "content",
    subject: "A chapter shows the wrong title",
    steps: [
      {
        at: 98,
        from: "person",
        text: "Chapter 3 of a book I'm reading is titled like chapter 2 in the table of contents.",
      },
      {
        at: 97,
        from: "note",
        text: "The title comes from the publisher's file; asked them for a corrected edition.",
      },
      {
        at: 96,
        from: "agent",
        text: "Thanks for spotting it. The titles come from the publisher's file, and we have asked them for a corrected one.",
        status: "on_hold",
      },
    ],
    expect: "on_hold",
  },
  {
    email: "reader@demo.test",
    category: "payments",
    subject: "Charged for a coin pack twice?",
    steps: [
      { at: 28, from: "person", text: "My bank shows two charges for the same coin pack this week." },
      {
        at: 26,
        from: "agent",
        text: "Could you tell us the dates and amounts of both charges? Your wallet shows one purchase.",
        status: "pending",
      },
      { at: 1, from: "person", text: "One of them disappeared today, so it was only a hold. All fine then?" },
    ],
    expect: "open",
  },
  {
    email: "newbie@demo.test",
    category: "payments",
    subject: "Can I undo an unlock?",
    steps: [
      { at: 140, from: "person", text: "If I tap Unlock on the wrong episode, can I get the coins back?" },
      {
        at: 120,
        from: "agent",
        text: "Yes: open a ticket naming the unlock, and we give the coins back and lock the episode again. Sorry for the wait.",
        status: "solved",
      },
    ],
    rating: { score: 2, comment: "Solved, but it took almost a day." },
    expect: "solved",
  },
  {
    email: "newbie@demo.test",
    category: "technical",
    subject: "Can I read offline on two devices?",
    steps: [
      { at: 230, from: "person", text: "Can I download the same book on my phone and my tablet?" },
      {
        at: 228,
        from: "agent",
        text: "Yes: downloads are per device, so download it on each one. They stay in step with your reading position.",
        status: "solved",
      },
    ],
    rating: { score: 4, comment: "" },
    // Solved more than a week ago: it has closed on its own.
    expect: "closed",
  },
];

const DEMO_CANNED_REPLIES = [
  {
    title: "Looking into it",
    body: "Hi {name}, thanks for writing. We are looking into ticket {ticketId} and will get back to you soon.\n\n{agent}",
  },
  {
    title: "Coins credited",
    body: "Hi {name}, we checked your payment with the provider and the coins are now in your wallet. Sorry for the trouble!\n\n{agent}",
  },
  {
    title: "Need more details",
    body: "Hi {name}, could you tell us which device and browser you use, and what you see when it happens? A screenshot helps.\n\n{agent}",
  },
];

/** Adds the demo tickets and canned replies unless there are tickets already. Returns how many tickets it made. */
export async function seedDemoSupport(deps: ServiceDeps, now = new Date()): Promise<number> {
  if ((await deps.db.select({ id: supportTickets.id }).from(supportTickets).limit(1)).length > 0) return 0;
  const emails = ["admin@demo.test", ...new Set(DEMO_SUPPORT_TICKETS.map((ticket) => ticket.email))];
  const rows = await deps.db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), inArray(users.email, emails)));
  const byEmail = new Map(rows.map((row) => [row.email, { id: row.id, role: row.role } as SessionUser]));
  const agent = byEmail.get("admin@demo.test");
  if (!agent) return 0;
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);

  let added = 0;
  for (const demo of DEMO_SUPPORT_TICKETS) {
    const person = byEmail.get(demo.email);
    const [first, ...rest] = demo.steps;
    if (!person || first?.from !== "person") continue;
    const { ticketId } = await createTicket(
      deps,
      person,
      { category: demo.category, subject: demo.subject, description: first.text, attachmentUploadIds: [] },
      hoursAgo(first.at),
    );
    added++;
    for (const step of rest) {
      const at = hoursAgo(step.at);
      if (step.from === "person") {
        await replyToTicket(deps, person, { ticketId, body: step.text, attachmentUploadIds: [] }, at);
      } else {
        await agentReply(
          deps,
          agent,
          {
            ticketId,
            body: step.text,
            attachmentUploadIds: [],
            internal: step.from === "note",
            ...(step.from === "agent" ? { statusAfter: step.status } : {}),
          },
          at,
        );
      }
    }
    if (demo.rating) await rateTicket(deps, person, { ticketId, ...demo.rating });
    // Claimed by the admin, as answering does, so that "assigned to me" has something in it.
    if (demo.expect === "new" && demo.category === "payments") {
      await updateTicket(deps, agent, { ticketId, assigneeId: agent.id }, hoursAgo(2));
    }
  }
  for (const reply of DEMO_CANNED_REPLIES) await createCannedReply(deps, agent, reply);
  await closeSolvedTickets(deps, now);
  await flagSlaBreaches(deps, now);
  return added;
}
