// The one router: every function of the platform, by `<area>.<verbNoun>` name.
import { adminNotificationsRouter } from "./modules/admin-notifications/admin-notifications.router.ts";
import { adminToolsRouter } from "./modules/admin-tools/admin-tools.router.ts";
import { adsRouter } from "./modules/ads/ads.router.ts";
import { analyticsRouter } from "./modules/analytics/analytics.router.ts";
import { auditRouter } from "./modules/audit/audit.router.ts";
import { clubsRouter } from "./modules/clubs/clubs.router.ts";
import { coinsRouter } from "./modules/coins/coins.router.ts";
import { contentRouter } from "./modules/content/content.router.ts";
import { contentAdminRouter } from "./modules/content-admin/content-admin.router.ts";
import { contentCurationRouter } from "./modules/content-admin/curation/content-curation.router.ts";
import { importsRouter } from "./modules/content-admin/imports/imports.router.ts";
import { contentMetricsRouter } from "./modules/content-admin/metrics/content-metrics.router.ts";
import { friendsRouter } from "./modules/friends/friends.router.ts";
import { libraryRouter } from "./modules/library/library.router.ts";
import { mailRouter } from "./modules/mail/mail.router.ts";
import { newsletterRouter } from "./modules/mail/newsletter.router.ts";
import { messagesRouter } from "./modules/messages/messages.router.ts";
import { moderationRouter } from "./modules/moderation/moderation.router.ts";
import { notificationsRouter } from "./modules/notifications/notifications.router.ts";
import { paymentsRouter } from "./modules/payments/payments.router.ts";
import { permissionsRouter } from "./modules/permissions/permissions.router.ts";
import { personasRouter } from "./modules/personas/personas.router.ts";
import { profilesRouter } from "./modules/profiles/profiles.router.ts";
import { readingRouter } from "./modules/reading/reading.router.ts";
import { reelsRouter } from "./modules/reels/reels.router.ts";
import { revenueRouter } from "./modules/revenue/revenue.router.ts";
import { rewardsRouter } from "./modules/rewards/rewards.router.ts";
import { sessionRouter } from "./modules/session/session.router.ts";
import { storiesRouter } from "./modules/stories/stories.router.ts";
import { subscriptionsRouter } from "./modules/subscriptions/subscriptions.router.ts";
import { supportRouter } from "./modules/support/support.router.ts";
import { systemSettingsRouter } from "./modules/system-settings/system-settings.router.ts";
import { unlocksRouter } from "./modules/unlocks/unlocks.router.ts";
import { userManagementRouter } from "./modules/user-management/user-management.router.ts";
import { usersRouter } from "./modules/users/users.router.ts";
import { vvipRouter } from "./modules/vvip/vvip.router.ts";
import { createLiveRouter } from "./rpc/live-router.ts";
import { mergeRouters, router } from "./rpc/trpc.ts";

const areas = {
  adminNotifications: adminNotificationsRouter,
  adminTools: adminToolsRouter,
  analytics: analyticsRouter,
  audit: auditRouter,
  clubs: clubsRouter,
  coins: coinsRouter,
  content: contentRouter,
  contentAdmin: contentAdminRouter,
  contentCuration: contentCurationRouter,
  contentMetrics: contentMetricsRouter,
  friends: friendsRouter,
  imports: importsRouter,
  // Reading keeps the `library.` names its functions had before it was a module of its own.
  library: mergeRouters(libraryRouter, readingRouter),
  mail: mailRouter,
  messages: messagesRouter,
  newsletter: newsletterRouter,
  moderation: moderationRouter,
  ads: adsRouter,
  notifications: notificationsRouter,
  payments: paymentsRouter,
  permissions: permissionsRouter,
  personas: personasRouter,
  profiles: profilesRouter,
  reels: reelsRouter,
  revenue: revenueRouter,
  rewards: rewardsRouter,
  session: sessionRouter,
  stories: storiesRouter,
  subscriptions: subscriptionsRouter,
  support: supportRouter,
  systemSettings: systemSettingsRouter,
  unlocks: unlocksRouter,
  users: usersRouter,
  userManagement: userManagementRouter,
  vvip: vvipRouter,
};

/** Everything but `live` itself: what `live.watch` may subscribe to. */
const areasRouter = router(areas);

export const appRouter = router({
  ...areas,
  live: createLiveRouter(areasRouter),
});

export type AppRouter = typeof appRouter;
