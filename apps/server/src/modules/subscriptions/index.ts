// What the subscriptions module offers the other modules; everything else in this folder is its own.
export { getMySubscription } from "./subscriptions.service.ts";
export { activeTiers } from "./tiers.ts";
