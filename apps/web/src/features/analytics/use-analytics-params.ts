// The analytics page's choices, in the address so that a view can be shared and back returns to
// the previous tab: the range of days (?days= or ?from=&to=), ?tab=, the funnels' ?window=, the
// retention cells' ?cells= and the chosen title's ?title=.

import { parseFunnelWindow } from "@litverse/shared/analytics";
import { useDayRangeParams } from "../../components/day-range/day-range-controls.tsx";
import { parseCellMeasure } from "./analytics-values.ts";

export const ANALYTICS_TABS = ["activity", "retention", "funnels", "content"] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

export function useAnalyticsParams() {
  const rangeParams = useDayRangeParams({ pushOn: "tab" });
  const { params } = rangeParams;
  const tabParam = params.get("tab");
  const tab: AnalyticsTab = (ANALYTICS_TABS as readonly string[]).includes(tabParam ?? "")
    ? (tabParam as AnalyticsTab)
    : "activity";
  return {
    ...rangeParams,
    tab,
    funnelWindow: parseFunnelWindow(params.get("window")),
    cellMeasure: parseCellMeasure(params.get("cells")),
    titleId: params.get("title"),
  };
}

export type AnalyticsParams = ReturnType<typeof useAnalyticsParams>;
