// One person's page in user management: their account and standing, coins and ledger, purchases
// and subscription, reports by and about them, sessions and devices, and what the team did to
// their account. Live: every part follows the topic its own module announces.
import type { PersonRecord, SignInKind } from "@litverse/shared/user-management";
import { eq } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import { accountSessions } from "../../auth/provider/account-sessions.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { listAuditEvents } from "../audit/index.ts";
import { getCoinBalance, getWallet } from "../coins/index.ts";
import { personEmailStatus } from "../mail/index.ts";
import { adminListPayments } from "../payments/index.ts";
import { profiles } from "../profiles/schema.ts";
import { reportsInvolving } from "../reports/index.ts";
import { getMySubscription } from "../subscriptions/index.ts";
import {
  DELETED_ISSUER,
  DEMO_PERSONA_ISSUER,
  devicesOf,
  isLastSuperadmin,
  userTopic,
} from "../users/index.ts";
import { users } from "../users/schema.ts";
import { listingColumns, toListing } from "./people-search.ts";

/** How many of the person's latest wallet entries, payments and account actions the page shows. */
const RECENT_SHOWN = 20;

export function signInKindOf(issuer: string): SignInKind {
  if (issuer === EMBEDDED_ISSUER_KEY) return "litverse";
  if (issuer === DEMO_PERSONA_ISSUER) return "demo-persona";
  if (issuer === DELETED_ISSUER) return "deleted";
  return "external";
}

export async function getPersonRecord(deps: ServiceDeps, userId: string): Promise<PersonRecord> {
  const { db } = deps;
  track(userTopic(userId));
  const [row] = await db
    .select({ ...listingColumns, issuer: users.issuer, subject: users.subject, age: users.age })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "No such person.");
  const person = { id: row.id, role: row.role };
  const signInKind = signInKindOf(row.issuer);
  const [balance, wallet, payments, subscription, reports, sessions, devices, history, isLast, email] =
    await Promise.all([
      getCoinBalance(deps, person),
      getWallet(deps, person, null),
      adminListPayments(deps, { userId }),
      getMySubscription(deps, person),
      reportsInvolving(db, userId),
      signInKind === "litverse" ? accountSessions(db, row.subject) : Promise.resolve([]),
      devicesOf(db, userId),
      listAuditEvents(deps, { filters: { objectType: "user", objectId: userId }, cursor: null }),
      isLastSuperadmin(db, userId, row.role),
      personEmailStatus(db, userId),
    ]);
  return {
    listing: toListing(row),
    signInKind,
    age: row.age,
    coins: { ...balance, entries: wallet.entries.slice(0, RECENT_SHOWN) },
    payments: payments.items.slice(0, RECENT_SHOWN),
    subscription,
    reports,
    sessions,
    devices,
    history: history.events.slice(0, RECENT_SHOWN),
    isLastSuperadmin: isLast,
    email,
  };
}
