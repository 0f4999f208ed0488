// Every route of the app. Route modules load lazily; the sign-in return sits outside the
// coming-soon gate, everything else inside it. The browser's router is made from these
// (router.tsx); the server draws a page's first screen from them too (src/first-screen/).
import type { RouteObject } from "react-router";
import { ErrorFallback } from "../features/errors/error-fallback.tsx";
import { RouteLoading } from "../features/errors/route-loading.tsx";
import { ComingSoonGate, type RouteHandle } from "../features/gate/coming-soon-gate.tsx";
import { AppShell } from "./app-shell.tsx";
import { PLANNED_PAGES } from "./pages.ts";
import {
  analyticsData,
  dashboardData,
  exploreData,
  homeData,
  moderationQueueData,
  readerData,
  reelsData,
  storiesData,
  supportQueueData,
  titleData,
} from "./route-data.ts";

const publicPage: RouteHandle = { isPublic: true };

export const routes: RouteObject[] = [
  { path: "/auth/callback", lazy: () => import("../features/session/auth-callback-route.tsx") },
  {
    path: "/",
    Component: ComingSoonGate,
    ErrorBoundary: ErrorFallback,
    HydrateFallback: RouteLoading,
    children: [
      // Readers fill the screen: no header or bottom navigation around them.
      {
        path: "/read/:contentId",
        loader: readerData,
        lazy: () => import("../features/reading/book/book-reader-route.tsx"),
      },
      {
        path: "/listen/:contentId",
        loader: readerData,
        lazy: () => import("../features/reading/audio/listen-route.tsx"),
      },
      {
        path: "/read-comic/:contentId",
        loader: readerData,
        lazy: () => import("../features/reading/comic/comic-reader-route.tsx"),
      },
      {
        path: "/watch/:contentId",
        loader: readerData,
        lazy: () => import("../features/reading/drama/watch-route.tsx"),
      },
      // The sandbox payment provider's own page, drawn without the app's frame like a provider's.
      {
        path: "/sandbox/checkout/:reference",
        lazy: () => import("../features/payments/sandbox-checkout-route.tsx"),
      },
      {
        Component: AppShell,
        children: [
          { index: true, loader: homeData, lazy: () => import("../features/home/home-route.tsx") },
          {
            path: "/explore",
            loader: exploreData,
            lazy: () => import("../features/explore/explore-route.tsx"),
          },
          { path: "/library", lazy: () => import("../features/content/catalogue-route.tsx") },
          {
            path: "/content/:contentId",
            loader: titleData,
            lazy: () => import("../features/content/content-route.tsx"),
          },
          { path: "/my-library", lazy: () => import("../features/library/my-library-route.tsx") },
          {
            path: "/admin/content-management",
            lazy: () => import("../features/content-admin/content-management-route.tsx"),
          },
          {
            path: "/admin/content-curation",
            lazy: () => import("../features/content-admin/content-curation-route.tsx"),
          },
          {
            path: "/admin/content-metrics",
            lazy: () => import("../features/content-admin/content-metrics-route.tsx"),
          },
          {
            path: "/admin/revenue-analytics",
            lazy: () => import("../features/revenue/revenue-analytics-route.tsx"),
          },
          { path: "/coins/buy", lazy: () => import("../features/coins/coins-buy-route.tsx") },
          {
            path: "/subscription/verify",
            lazy: () => import("../features/payments/payment-verify-route.tsx"),
          },
          {
            path: "/subscription/plans",
            lazy: () => import("../features/subscriptions/subscription-plans-route.tsx"),
          },
          {
            path: "/admin/subscription-management",
            lazy: () => import("../features/subscriptions/subscription-management-route.tsx"),
          },
          {
            path: "/admin/vvip-control",
            lazy: () => import("../features/vvip/vvip-control-route.tsx"),
          },
          { path: "/profile/:userId", lazy: () => import("../features/profiles/profile-route.tsx") },
          { path: "/user/:handle", lazy: () => import("../features/profiles/handle-route.tsx") },
          { path: "/users", lazy: () => import("../features/friends/users-route.tsx") },
          { path: "/clubs", lazy: () => import("../features/clubs/clubs-route.tsx") },
          { path: "/clubs/:clubId", lazy: () => import("../features/clubs/club-route.tsx") },
          { path: "/messages", lazy: () => import("../features/messages/messages-route.tsx") },
          {
            path: "/messages/:partnerId",
            lazy: () => import("../features/messages/conversation-route.tsx"),
          },
          {
            path: "/notifications",
            lazy: () => import("../features/notifications/notifications-route.tsx"),
          },
          {
            path: "/settings/profile",
            lazy: () => import("../features/profiles/profile-settings-route.tsx"),
          },
          { path: "/rewards", lazy: () => import("../features/rewards/rewards-route.tsx") },
          { path: "/badges", lazy: () => import("../features/rewards/badges-route.tsx") },
          { path: "/leaderboard", lazy: () => import("../features/rewards/leaderboard-route.tsx") },
          { path: "/admin/rewards", lazy: () => import("../features/rewards/admin-rewards-route.tsx") },
          { path: "/support", lazy: () => import("../features/support/my-tickets-route.tsx") },
          { path: "/support/:ticketId", lazy: () => import("../features/support/my-ticket-route.tsx") },
          {
            path: "/admin/support",
            loader: supportQueueData,
            lazy: () => import("../features/support/queue-route.tsx"),
          },
          {
            path: "/admin/support/:ticketId",
            lazy: () => import("../features/support/agent-ticket-route.tsx"),
          },
          {
            path: "/admin/support-analytics",
            lazy: () => import("../features/support/support-analytics-route.tsx"),
          },
          {
            path: "/admin/stories/create",
            lazy: () => import("../features/stories/editor/story-create-route.tsx"),
          },
          {
            path: "/admin/stories/:storyId/edit",
            lazy: () => import("../features/stories/editor/story-edit-route.tsx"),
          },
          {
            path: "/admin/notifications",
            lazy: () => import("../features/admin-notifications/admin-notifications-route.tsx"),
          },
          {
            path: "/interactive-stories",
            loader: storiesData,
            lazy: () => import("../features/stories/stories-route.tsx"),
          },
          {
            path: "/interactive-stories/:storyId",
            lazy: () => import("../features/stories/story-route.tsx"),
          },
          {
            path: "/interactive-stories/:storyId/play",
            lazy: () => import("../features/stories/play-route.tsx"),
          },
          {
            path: "/admin/stories/dashboard",
            lazy: () => import("../features/stories/stories-dashboard-route.tsx"),
          },
          {
            path: "/admin/stat-presets",
            lazy: () => import("../features/stories/stat-presets-route.tsx"),
          },
          { path: "/reels", loader: reelsData, lazy: () => import("../features/reels/feed/reels-route.tsx") },
          { path: "/profile/reels", lazy: () => import("../features/reels/uploads/my-reels-route.tsx") },
          {
            path: "/admin/reels/management",
            lazy: () => import("../features/reels/admin/reels-management-route.tsx"),
          },
          {
            path: "/admin/reels/analytics",
            lazy: () => import("../features/reels/admin/reels-analytics-route.tsx"),
          },
          {
            path: "/admin/dashboard",
            loader: dashboardData,
            lazy: () => import("../features/analytics/dashboard-route.tsx"),
          },
          {
            path: "/admin/analytics",
            loader: analyticsData,
            lazy: () => import("../features/analytics/analytics-route.tsx"),
          },
          {
            path: "/admin/admin-permissions",
            lazy: () => import("../features/permissions/admin-permissions-route.tsx"),
          },
          { path: "/admin/tools", lazy: () => import("../features/tools/admin-tools-route.tsx") },
          {
            path: "/admin/user-management",
            lazy: () => import("../features/user-management/user-management-route.tsx"),
          },
          {
            path: "/admin/user-management/:userId",
            lazy: () => import("../features/user-management/person-route.tsx"),
          },
          {
            path: "/admin/fictitious-users",
            lazy: () => import("../features/personas/personas-route.tsx"),
          },
          {
            path: "/admin/fictitious-users/:userId/messages",
            lazy: () => import("../features/personas/persona-messages-route.tsx"),
          },
          {
            path: "/admin/flagged-content",
            loader: moderationQueueData,
            lazy: () => import("../features/moderation/flagged-content-route.tsx"),
          },
          {
            path: "/admin/flagged-content-review",
            lazy: () => import("../features/moderation/review-route.tsx"),
          },
          { path: "/settings/safety", lazy: () => import("../features/moderation/safety-route.tsx") },
          { path: "/ads/my-ads", lazy: () => import("../features/ads/my-ads/my-ads-route.tsx") },
          {
            path: "/admin/ads/user-ads",
            lazy: () => import("../features/ads/admin/user-ads-route.tsx"),
          },
          {
            path: "/admin/ads/platform-management",
            lazy: () => import("../features/ads/admin/platform-ads-route.tsx"),
          },
          {
            path: "/admin/ads/settings",
            lazy: () => import("../features/ads/admin/ad-settings-route.tsx"),
          },
          {
            path: "/admin/newsletter",
            lazy: () => import("../features/newsletter/newsletter-route.tsx"),
          },
          ...PLANNED_PAGES.map((page) => ({
            path: page.path,
            lazy: async () => (await import("../features/placeholder/planned-route.tsx")).plannedRoute(page),
          })),
        ],
      },
      // Notices of illegal content come from anyone, signed in or not, in a frame of their own.
      {
        path: "/report-illegal-content",
        handle: publicPage,
        lazy: () => import("../features/moderation/notice-route.tsx"),
      },
      {
        path: "/report-illegal-content/:reference",
        handle: publicPage,
        lazy: () => import("../features/moderation/notice-receipt-route.tsx"),
      },
      // A decision's author appeals through their link even when their account cannot sign in.
      {
        path: "/appeal/:key",
        handle: publicPage,
        lazy: () => import("../features/moderation/appeal-key-route.tsx"),
      },
      { path: "*", handle: publicPage, lazy: () => import("../features/errors/not-found-page.tsx") },
    ],
  },
];
