// Demo data for trying the platform: accounts (one per role, plus a newcomer who has not given an
// age), a catalogue of public-domain classics on the home page's shelves, and some activity for the
// reader (notifications, coins, friends and conversations) and the team (admin notifications,
// tickets). Each domain's demo lives in its module (modules/<domain>/demo.ts; the catalogue in
// modules/content-admin/demo/); this file makes the accounts and composes the steps in order.
// The accounts sign in with the embedded provider; the users rows carry their roles and ages.
// Every step adds only what is missing, so seeding again changes nothing.

import { BONUS_COIN_LIFETIME_DAYS } from "@litverse/shared/coins";
import type { Age, UserRole } from "@litverse/shared/constants";
import { DEMO_PASSWORD } from "@litverse/shared/demo-accounts";
import { and, eq, sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../auth/identity.ts";
import { hashPassword } from "../auth/provider/accounts.ts";
import { accounts } from "../auth/schema.ts";
import { queryRows } from "../core/db/client.ts";
import type { ServiceDeps } from "../core/service-deps.ts";
import { createAdminNotification } from "../modules/admin-notifications/admin-notifications.service.ts";
import { seedDemoAds } from "../modules/ads/demo.ts";
import { recountDailyCounts } from "../modules/analytics/recount.ts";
import { seedDemoClubs } from "../modules/clubs/demo.ts";
import { seedDemoCoinPackages } from "../modules/coins/demo.ts";
import { creditCoins } from "../modules/coins/ledger.ts";
import { coinPackages } from "../modules/coins/schema.ts";
import { content, episodes } from "../modules/content/schema.ts";
import { seedDemoContent } from "../modules/content-admin/demo/catalogue.ts";
import { seedDemoCommunity } from "../modules/friends/demo.ts";
import { seedDemoEngagement } from "../modules/library/demo.ts";
import { seedDemoMail } from "../modules/mail/demo.ts";
import { seedDemoModeration } from "../modules/moderation/demo.ts";
import {
  createNotification,
  type NotificationFields,
} from "../modules/notifications/notifications.service.ts";
import { adminNotifications, notifications } from "../modules/notifications/schema.ts";
import { seedDemoRevenue } from "../modules/payments/demo.ts";
import { payments } from "../modules/payments/schema.ts";
import { seedDemoPersonas } from "../modules/personas/demo.ts";
import { seedDemoReels } from "../modules/reels/demo.ts";
import { seedDemoRewards } from "../modules/rewards/demo.ts";
import { seedDemoStories } from "../modules/stories/demo.ts";
import { seedDemoSubscriptionPlans } from "../modules/subscriptions/demo.ts";
import { seedDemoSupport } from "../modules/support/demo.ts";
import { seedDemoUnlocks } from "../modules/unlocks/demo.ts";
import { users } from "../modules/users/schema.ts";

// One list for the seed and the pages that show the accounts on a demo server.
export { DEMO_PASSWORD } from "@litverse/shared/demo-accounts";

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
        // Demo addresses are ours: confirmed from the start, so the demo's mail reaches them.
        .values({ email: demo.email, displayName: demo.name, passwordHash, emailVerifiedAt: new Date() })
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
          emailVerifiedAt: new Date(),
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

/**
 * Notices for the team about what the seed really did: the imports of the fixtures, and the demo
 * sales of the last week, counted from the payments. Each added only once, by title.
 */
export async function seedDemoAdminNotices(deps: ServiceDeps): Promise<number> {
  const { db } = deps;
  const weekAgo = new Date(Date.now() - 7 * 24 * 3_600_000);
  const [imported] = await queryRows<{ id: string; title: string; episodes: number }>(
    db,
    sql`select c.id, c.title, count(e.id)::int as episodes
        from ${content} c join ${episodes} e on e.content_id = c.id
        where c.title = 'Moby-Dick' and c.content_type = 'book'
        group by c.id, c.title`,
  );
  const [sales] = await queryRows<{ sold: number; top: string | null }>(
    db,
    sql`select count(*)::int as sold,
          (select cp.name from ${payments} p join ${coinPackages} cp on cp.id = p.package_id
           where p.status = 'paid' and p.paid_at >= ${weekAgo.toISOString()}::timestamptz
           group by cp.name order by count(*) desc, cp.name limit 1) as top
        from ${payments}
        where ${payments.status} = 'paid' and ${payments.paidAt} >= ${weekAgo.toISOString()}::timestamptz
          and ${payments.purpose} = 'coins'`,
  );
  const notices: NotificationFields[] = [];
  if (imported) {
    notices.push({
      kind: "import",
      title: `Imported: ${imported.title}`,
      body: `The EPUB came in as ${imported.episodes} chapters, ready to read.`,
      link: `/admin/content-management?content=${imported.id}`,
    });
  }
  if (sales && sales.sold > 0) {
    notices.push({
      kind: "payments",
      title: "Coin sales in the last 7 days",
      body: `${sales.sold} coin package${sales.sold === 1 ? "" : "s"} sold${sales.top ? `, most of them ${sales.top}` : ""}.`,
      link: "/admin/revenue-analytics",
    });
  }
  let added = 0;
  for (const notice of notices) {
    const same = eq(adminNotifications.title, notice.title);
    const query = db.select({ id: adminNotifications.id }).from(adminNotifications).where(same).limit(1);
    if (await hasRows(query)) continue;
    await createAdminNotification(deps, notice);
    added++;
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

export interface DemoSeedResult {
  accounts: number;
  titles: number;
  lists: number;
  /** Messages, notifications, coin grants, support tickets, check-ins and XP. */
  activity: number;
}

/** Everything above, adding only what is missing; the catalogue unless told otherwise. */
export async function seedDemo(
  deps: ServiceDeps,
  options: { withCatalogue?: boolean } = {},
): Promise<DemoSeedResult> {
  const added = await seedDemoAccounts(deps);
  const catalogue =
    options.withCatalogue === false
      ? { titles: 0, lists: 0 }
      : // The demo readers' engagement (the library's) runs between the titles and the shelves.
        await seedDemoContent(deps, seedDemoEngagement);
  const activity =
    (await seedDemoActivity(deps)) +
    (await seedDemoCoinPackages(deps)) +
    // After the packages: a month of demo sales of them, for the revenue figures.
    (await seedDemoRevenue(deps)) +
    // After the sales: the buyers spend some of those coins on episodes they read.
    (await seedDemoUnlocks(deps)) +
    (await seedDemoSubscriptionPlans(deps)) +
    // After the catalogue, whose personas are among the reader's friends.
    (await seedDemoCommunity(deps)) +
    (await seedDemoClubs(deps)) +
    (await seedDemoSupport(deps)) +
    (await seedDemoRewards(deps)) +
    // After the catalogue, whose personas play the stories.
    (await seedDemoStories(deps)) +
    // After the rewards: the reels' watchers are readers already in this week's league.
    (await seedDemoReels(deps)) +
    // After the clubs and reels: the team's persona welcomes readers in both.
    (await seedDemoPersonas(deps)) +
    // After the community and its clubs, reels and stories: what readers reported in them.
    (await seedDemoModeration(deps)) +
    // After the personas, who advertise, and the catalogue they promote.
    (await seedDemoAds(deps)) +
    // After the personas and the catalogue: readers who take the newsletter, and its issues.
    (await seedDemoMail(deps)) +
    // Last: they tell of what the steps above really did.
    (await seedDemoAdminNotices(deps));
  // The history above is written straight into the tables, past the services that count it: the
  // dashboard's figures are counted again from it.
  if (added + catalogue.titles + catalogue.lists + activity > 0) await recountDailyCounts(deps);
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
 * The reader's notifications and coins, each added only if the
 * reader has none of that kind yet.
 */
export async function seedDemoActivity(deps: ServiceDeps): Promise<number> {
  const { db } = deps;
  let added = 0;
  const readerId = await demoUserId(deps, "reader@demo.test");

  if (readerId) {
    const mine = eq(notifications.userId, readerId);
    if (!(await hasRows(db.select({ id: notifications.id }).from(notifications).where(mine).limit(1)))) {
      // What really happened to the reader's account: it was made, and it got the welcome bonus below.
      await createNotification(deps, readerId, {
        kind: "system",
        title: "Welcome to Litverse",
        body: "Your account is ready. Follow titles to hear about their new episodes.",
        link: "/explore",
      });
      await createNotification(deps, readerId, {
        kind: "system",
        title: `You received ${DEMO_WALLET.bonus} bonus coins`,
        body: `A welcome gift. Bonus coins expire ${BONUS_COIN_LIFETIME_DAYS} days after they arrive.`,
        link: "/coins/buy",
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

  return added;
}
