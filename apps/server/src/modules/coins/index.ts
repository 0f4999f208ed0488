// What the coins module offers the other modules; everything else in this folder is its own.

export { holdAdBudget, releaseAdHold, settleAdSpend } from "./ad-holds.ts";
export { coinsDescription } from "./coin-purchases.ts";
export { getCoinBalance, getWallet } from "./coins.service.ts";
export {
  coinsTopic,
  creditCoins,
  creditCoinsMany,
  LEDGER_TOPIC,
  lockWallet,
  reverseEntry,
  spendableAccounts,
  spendCoins,
} from "./ledger.ts";
export { checkLedger } from "./ledger-check.ts";
