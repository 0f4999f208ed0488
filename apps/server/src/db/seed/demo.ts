// Demo data for trying the platform: accounts (one per role, plus a newcomer who has not given an
// age), a catalogue of public-domain classics on the home page's shelves (demo-catalogue.ts), and some activity
// for the reader (messages, notifications, coins) and the team (admin notifications, tickets).
// The accounts sign in with the embedded provider; the users rows carry their roles and ages.
// Every step adds only what is missing, so seeding again changes nothing.
import { BONUS_COIN_LIFETIME_DAYS } from "@litverse/shared/coins";
import type { Age, UserRole } from "@litverse/shared/constants";
import { and, eq, sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import { hashPassword } from "../../auth/provider/accounts.ts";
import { createAdminNotification } from "../../modules/admin-notifications/admin-notifications.service.ts";
import { creditCoins } from "../../modules/coins/ledger.ts";
import { sendMessage } from "../../modules/messages/messages.service.ts";
import { createNotification } from "../../modules/notifications/notifications.service.ts";
import { openSupportTicket, recordFirstResponse } from "../../modules/support/support.service.ts";
import type { ServiceDeps } from "../../rpc/context.ts";
import {
  accounts,
  adminNotifications,
  content,
  messages,
  notifications,
  supportTickets,
  users,
} from "../schema/index.ts";
import { seedDemoContent } from "./demo-catalogue.ts";
import { seedDemoCoinPackages } from "./demo-coin-packages.ts";
import { seedDemoRevenue } from "./demo-revenue.ts";
import { seedDemoSubscriptionPlans } from "./demo-subscription-plans.ts";

export const DEMO_PASSWORD = "demo-password";

export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  name: string;
  handle: string;
  role: UserRole;
  age: Age | null;
}> = [
  { email: "reader@demo.test", name: "Demo Reader", handle: "demo_reader", role: "user", age: 18 },
  { email: "admin@demo.test", name: "Demo Admin", handle: "demo_admin", role: "admin", age: 18 },
  {
    email: "superadmin@demo.test",
    name: "Demo Superadmin",
    handle: "demo_superadmin",
    role: "superadmin",
    age: 18,
  },
  { email: "newbie@demo.test", name: "Demo Newbie", handle: "demo_newbie", role: "user", age: null },
];

/** Adds whichever demo accounts are missing; existing ones are left as they are. Returns how many were added. */
export async function seedDemoAccounts(deps: ServiceDeps): Promise<number> {
  // The demo password is deliberately simple and documented, so it skips the strength rules.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let added = 0;
  for (const demo of DEMO_ACCOUNTS) {
    await deps.changes.inTransaction(deps.db, async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({ email: demo.email, displayName: demo.name, passwordHash })
        .onConflictDoNothing()
        .returning();
      if (!account) return;
      added++;
      await tx
        .insert(users)
        .values({
          issuer: EMBEDDED_ISSUER_KEY,
          subject: account.id,
          email: demo.email,
          name: demo.name,
          handle: demo.handle,
          role: demo.role,
          age: demo.age,
        })
        .onConflictDoNothing();
    });
  }
  return added;
}

/** True when nobody has an account yet: the moment to seed on start. */
export async function isEmpty(deps: ServiceDeps): Promise<boolean> {
  const [row] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(accounts);
  return (row?.count ?? 0) === 0;
}

/** The reader's coin wallet. */
export const DEMO_WALLET = { purchased: 120, bonus: 40 } as const;

const DEMO_MESSAGES = [
  "Welcome to Litverse! Your shelves are ready: Trending Now is a good place to start.",
  "We put 40 bonus coins in your wallet. They expire after 30 days, so treat yourself to a premium chapter soon.",
  "New on Listen on the go: The Time Machine. Tell me what you think of the narration!",
];

const DEMO_ADMIN_NOTIFICATIONS = [
  {
    kind: "flagged_content",
    title: "A comment was reported",
    body: "A reader reported a comment on Dracula for spoilers.",
    link: "/admin/flagged-content",
  },
  {
    kind: "payments",
    title: "Coin purchases are up this week",
    body: "42 coin packages sold since Monday, most of them the 120-coin pack.",
    link: "/admin/analytics",
  },
];

const DEMO_TICKETS: ReadonlyArray<{ email: string; subject: string; isAnswered: boolean }> = [
  { email: "reader@demo.test", subject: "Audiobook stops when my screen locks", isAnswered: false },
  { email: "newbie@demo.test", subject: "Why do I have to confirm my age?", isAnswered: false },
  { email: "reader@demo.test", subject: "Where do bonus coins go when they expire?", isAnswered: false },
  { email: "reader@demo.test", subject: "How do I change my handle?", isAnswered: true },
];

export interface DemoSeedResult {
  accounts: number;
  titles: number;
  lists: number;
  /** Messages, notifications, coin grants and support tickets. */
  activity: number;
}

/** Everything above, adding only what is missing; the catalogue unless told otherwise. */
export async function seedDemo(
  deps: ServiceDeps,
  options: { withCatalogue?: boolean } = {},
): Promise<DemoSeedResult> {
  const added = await seedDemoAccounts(deps);
  const catalogue = options.withCatalogue === false ? { titles: 0, lists: 0 } : await seedDemoContent(deps);
  const activity =
    (await seedDemoActivity(deps)) +
    (await seedDemoCoinPackages(deps)) +
    // After the packages: a month of demo sales of them, for the revenue figures.
    (await seedDemoRevenue(deps)) +
    (await seedDemoSubscriptionPlans(deps));
  return { accounts: added, ...catalogue, activity };
}

async function demoUserId(deps: ServiceDeps, email: string): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, email)));
  return row?.id;
}

const hasRows = async (query: Promise<unknown[]>): Promise<boolean> => (await query).length > 0;

/**
 * The reader's messages (from the demo admin), notifications and coins, each added only if the
 * reader has none of that kind yet; admin notifications and support tickets, each added only if
 * one with the same title or subject is missing.
 */
export async function seedDemoActivity(deps: ServiceDeps): Promise<number> {
  const { db } = deps;
  let added = 0;
  const readerId = await demoUserId(deps, "reader@demo.test");
  const adminId = await demoUserId(deps, "admin@demo.test");

  if (readerId && adminId) {
    const fromAdmin = and(eq(messages.recipientId, readerId), eq(messages.senderId, adminId));
    if (!(await hasRows(db.select({ id: messages.id }).from(messages).where(fromAdmin).limit(1)))) {
      for (const body of DEMO_MESSAGES) {
        await sendMessage(deps, { senderId: adminId, recipientId: readerId, body });
        added++;
      }
    }
  }

  if (readerId) {
    const mine = eq(notifications.userId, readerId);
    if (!(await hasRows(db.select({ id: notifications.id }).from(notifications).where(mine).limit(1)))) {
      const [mobyDick] = await db
        .select({ id: content.id })
        .from(content)
        .where(and(eq(content.title, "Moby-Dick"), eq(content.contentType, "book")))
        .limit(1);
      await createNotification(deps, readerId, {
        kind: "coins",
        title: `You received ${DEMO_WALLET.bonus} bonus coins`,
        body: `A welcome gift. Bonus coins expire ${BONUS_COIN_LIFETIME_DAYS} days after they arrive.`,
        link: "/rewards",
      });
      await createNotification(deps, readerId, {
        kind: "new_episode",
        title: "New chapter: Moby-Dick",
        body: "Chapter 12, “Biographical”, is out now.",
        link: mobyDick ? `/content/${mobyDick.id}` : null,
      });
      added += 2;
    }

    // Keyed credits: a second seeding finds them and adds nothing.
    const credits = await deps.changes.inTransaction(db, async (tx) => [
      await creditCoins(deps, tx, readerId, {
        kind: "purchase",
        purchased: DEMO_WALLET.purchased,
        memo: `Bought ${DEMO_WALLET.purchased} coins`,
        idempotencyKey: "demo:purchase",
      }),
      await creditCoins(deps, tx, readerId, {
        kind: "grant",
        bonus: DEMO_WALLET.bonus,
        memo: "Welcome bonus",
        idempotencyKey: "demo:welcome-bonus",
      }),
    ]);
    added += credits.filter(Boolean).length;
  }

  for (const notice of DEMO_ADMIN_NOTIFICATIONS) {
    const same = eq(adminNotifications.title, notice.title);
    const query = db.select({ id: adminNotifications.id }).from(adminNotifications).where(same).limit(1);
    if (await hasRows(query)) continue;
    await createAdminNotification(deps, notice);
    added++;
  }

  for (const ticket of DEMO_TICKETS) {
    const userId = await demoUserId(deps, ticket.email);
    if (!userId) continue;
    const same = and(eq(supportTickets.userId, userId), eq(supportTickets.subject, ticket.subject));
    if (await hasRows(db.select({ id: supportTickets.id }).from(supportTickets).where(same).limit(1))) {
      continue;
    }
    const row = await openSupportTicket(deps, userId, ticket.subject);
    if (ticket.isAnswered) await recordFirstResponse(deps, row.id);
    added++;
  }
  return added;
}
