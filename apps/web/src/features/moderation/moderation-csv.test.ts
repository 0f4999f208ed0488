import type { TransparencyReport } from "@litverse/shared/moderation";
import { describe, expect, it } from "vitest";
import { reportFileName, statementsFileName, transparencyCsv } from "./moderation-csv.ts";

const REPORT: TransparencyReport = {
  from: "2026-03-01",
  to: "2026-03-31",
  reportsByCategory: [
    { category: "illegal_content", reports: 2, notices: 1 },
    { category: "spam", reports: 10, notices: 0 },
  ],
  reportsByKind: [{ kind: "club_post", reports: 12, notices: 1 }],
  decisionsByAction: [
    { action: "remove", automated: 0, human: 4 },
    { action: "hide", automated: 3, human: 1 },
  ],
  medianHoursToDecision: 5.5,
  appeals: { received: 2, upheld: 1, rejected: 0, pending: 1 },
};

describe("the transparency report as CSV", () => {
  it("writes each table under its name, with labels people read", () => {
    const lines = transparencyCsv(REPORT).split("\r\n");
    expect(lines.slice(0, 6)).toEqual([
      "Period,2026-03-01,2026-03-31",
      "",
      "Reports and notices by category",
      "Category,Reports,Notices",
      "Illegal content,2,1",
      "Spam,10,0",
    ]);
    expect(lines).toContain("Club post,12,1");
    expect(lines).toContain("Hide,3,1");
    expect(lines).toContain("Median hours from first report to decision,5.5");
    expect(lines.slice(-3)).toEqual(["Received,Upheld,Rejected,Pending", "2,1,0,1", ""]);
  });
  it("leaves the median empty when nothing was decided", () => {
    expect(transparencyCsv({ ...REPORT, medianHoursToDecision: null })).toContain(
      "Median hours from first report to decision,\r\n",
    );
  });
  it("names its files after the period", () => {
    expect(reportFileName("2026-03-01", "2026-03-31")).toBe(
      "transparency-report-2026-03-01-to-2026-03-31.csv",
    );
    expect(statementsFileName("2026-03-01", "2026-03-31")).toBe(
      "statements-of-reasons-2026-03-01-to-2026-03-31.csv",
    );
  });
});
