import { createBrowserRouter } from "react-router";
import { ErrorFallback } from "../features/errors/error-fallback.tsx";
import { RouteLoading } from "../features/errors/route-loading.tsx";

export const router = createBrowserRouter([
  { path: "/auth/callback", lazy: () => import("../features/auth/auth-callback-route.tsx") },
  {
    path: "/",
    ErrorBoundary: ErrorFallback,
    HydrateFallback: RouteLoading,
    children: [
      { index: true, lazy: () => import("../features/landing/home-route.tsx") },
      { path: "*", lazy: () => import("../features/errors/not-found-page.tsx") },
    ],
  },
]);
