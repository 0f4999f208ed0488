// What live queries about plans and subscriptions depend on.

/** The list of plans (readers' and admins'). */
export const PLANS_TOPIC = "subscription-plans";
/** This user's subscription: status, period, cancellation. */
export const subscriptionTopic = (userId: string) => `user:${userId}:subscription`;
/** Any subscription: the admins' list of subscribers and the plans' subscriber counts. */
export const SUBSCRIPTIONS_ADMIN_TOPIC = "subscriptions";
/** Any VVIP grant: the VVIP control list. */
export const VVIP_GRANTS_TOPIC = "vvip-grants";
