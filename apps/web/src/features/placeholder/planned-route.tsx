// Route modules for pages still to come, one per planned page (see app/pages.ts).
import type { RouteObject } from "react-router";
import type { PlannedPage as PlannedPageInfo } from "../../app/pages.ts";
import { PlannedPage } from "./planned-page.tsx";

export function plannedRoute(page: PlannedPageInfo): Pick<RouteObject, "Component"> {
  return { Component: () => <PlannedPage page={page} /> };
}
