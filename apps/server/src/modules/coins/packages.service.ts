// Coin packages: what /coins/buy offers, run by superadmins. Payments copy a package's coins and
// price when checkout starts, so editing a package never changes a payment under way.
import type { CoinPackageView } from "@litverse/shared/payments";
import type { createCoinPackageInput, updateCoinPackageInput } from "@litverse/shared/payments-inputs";
import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { coinPackages } from "./schema.ts";

/** Any package: the buy page and the admins' list follow it. */
export const COIN_PACKAGES_TOPIC = "coin-packages";

type PackageRow = typeof coinPackages.$inferSelect;

function toView(row: PackageRow): CoinPackageView {
  return {
    id: row.id,
    name: row.name,
    coins: row.coins,
    bonusCoins: row.bonusCoins,
    priceMinor: row.priceMinor,
    currency: row.currency,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
  };
}

/** A package as the audit trail keeps it. */
function packageSnapshot(row: PackageRow) {
  const { id: _id, ...fields } = toView(row);
  return fields;
}

const inOrder = [asc(coinPackages.sortOrder), asc(coinPackages.priceMinor), asc(coinPackages.createdAt)];

/** The packages on sale, in the admins' order. */
export async function listCoinPackages({ db }: ServiceDeps): Promise<CoinPackageView[]> {
  track(COIN_PACKAGES_TOPIC);
  const rows = await db
    .select()
    .from(coinPackages)
    .where(eq(coinPackages.isActive, true))
    .orderBy(...inOrder);
  return rows.map(toView);
}

/** Every package, on sale or not. */
export async function adminListCoinPackages({ db }: ServiceDeps): Promise<CoinPackageView[]> {
  track(COIN_PACKAGES_TOPIC);
  const rows = await db
    .select()
    .from(coinPackages)
    .orderBy(...inOrder);
  return rows.map(toView);
}

export async function createCoinPackage(
  deps: ServiceDeps,
  data: z.output<typeof createCoinPackageInput>["data"],
): Promise<CoinPackageView> {
  const [row] = await deps.db.insert(coinPackages).values(data).returning();
  if (!row) throw new AppError("CONFLICT", "Could not create the package.");
  deps.changes.changed(COIN_PACKAGES_TOPIC);
  noteChange({ objectType: "coin-package", objectId: row.id, before: null, after: packageSnapshot(row) });
  return toView(row);
}

export async function updateCoinPackage(
  deps: ServiceDeps,
  input: z.output<typeof updateCoinPackageInput>,
): Promise<CoinPackageView> {
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(coinPackages).where(eq(coinPackages.id, input.id)).for("update");
    const [updated] = await tx
      .update(coinPackages)
      .set(input.data)
      .where(eq(coinPackages.id, input.id))
      .returning();
    if (!updated || !before) throw new AppError("NOT_FOUND", "There is no such coin package.");
    deps.changes.changed(COIN_PACKAGES_TOPIC);
    noteChange({
      objectType: "coin-package",
      objectId: updated.id,
      before: packageSnapshot(before),
      after: packageSnapshot(updated),
    });
    return updated;
  });
  return toView(row);
}
