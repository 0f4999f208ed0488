// What the coins feature offers the other features; everything else in this folder is its own.
export { CoinPackagesPanel } from "./coin-packages-panel.tsx";
export { useCoinBalance } from "./use-coin-balance.ts";
