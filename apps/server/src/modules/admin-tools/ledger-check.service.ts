// The coin ledger's check, run from Admin Tools: the same invariants as `ledger:check` on the
// command line, read from the whole database (it changes nothing), with the figures it counted and
// every violation it found.
import type { LedgerCheckReport } from "@litverse/shared/admin-tools";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { checkLedger } from "../coins/index.ts";

export async function runLedgerCheck(deps: ServiceDeps): Promise<LedgerCheckReport> {
  const started = performance.now();
  const result = await checkLedger(deps.db);
  return {
    entries: result.entries,
    postings: result.postings,
    wallets: result.wallets,
    violations: result.violations.map(({ rule, detail }) => ({ rule, detail })),
    checkedAt: new Date().toISOString(),
    tookMs: Math.round(performance.now() - started),
  };
}
