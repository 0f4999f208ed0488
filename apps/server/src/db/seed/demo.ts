// Demo accounts for trying the platform: one per role, plus a newcomer who has not given an age.
// They sign in with the embedded provider; the users rows carry their roles and ages.
import type { Age, UserRole } from "@litverse/shared/constants";
import { sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import { hashPassword } from "../../auth/provider/accounts.ts";
import type { ServiceDeps } from "../../rpc/context.ts";
import { accounts, users } from "../schema/index.ts";

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
