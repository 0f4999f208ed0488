import type { ActiveDay, CohortRow, Funnel, TitlePerformance } from "@litverse/shared/analytics";
import { describe, expect, it } from "vitest";
import {
  activityCsv,
  cohortsCsv,
  csvFileName,
  dropOffCsv,
  funnelsCsv,
  titlesCsv,
  toCsv,
} from "./analytics-csv.ts";

const lines = (csv: string) => csv.split("\r\n");

const day: ActiveDay = {
  day: "2026-03-01",
  active: 10,
  new: 3,
  returning: 7,
  app: 4,
  browser: 8,
  byType: { book: 5, audiobook: 1, comic: 2, drama: 0, story: 3, reel: 6 },
};

describe("CSV", () => {
  it("quotes what needs quoting, keeps formulas as text and ends every line with CRLF", () => {
    const csv = toCsv([
      ["Name", "Count"],
      ['Say "hi", then go', 3],
      ["=SUM(A1)", -4],
      ["two\nlines", null],
    ]);
    expect(csv).toBe('Name,Count\r\n"Say ""hi"", then go",3\r\n\'=SUM(A1),-4\r\n"two\nlines",\r\n');
  });

  it("names the file after what it holds and the period", () => {
    expect(csvFileName("retention", { from: "2026-01-01", to: "2026-03-31" })).toBe(
      "analytics-retention-2026-01-01-to-2026-03-31.csv",
    );
  });

  it("writes a day a row with each activity chart's columns", () => {
    expect(lines(activityCsv([day], "people")).slice(0, 2)).toEqual([
      "Day,Active,New,Returning",
      "2026-03-01,10,3,7",
    ]);
    expect(lines(activityCsv([day], "platform"))[1]).toBe("2026-03-01,10,4,8");
    expect(lines(activityCsv([day], "types"))).toEqual([
      "Day,Active,Books,Audiobooks,Comics,Dramas,Interactive stories,Reels",
      "2026-03-01,10,5,1,2,0,3,6",
      "",
    ]);
  });

  it("writes a row per cohort and week, with the count, the share and the coins", () => {
    const cohorts: CohortRow[] = [
      {
        cohortWeek: "2026-01-05",
        signedUp: 3,
        weeks: [
          { offset: 0, week: "2026-01-05", active: 3, coinsBought: 100, coinsSpent: 40 },
          { offset: 1, week: "2026-01-12", active: 1, coinsBought: 0, coinsSpent: 5 },
        ],
      },
      { cohortWeek: "2026-01-12", signedUp: 0, weeks: [] },
    ];
    expect(lines(cohortsCsv(cohorts))).toEqual([
      "Cohort week,Signed up,Weeks after sign-up,Week,Active,Active %,Coins bought,Coins spent",
      "2026-01-05,3,0,2026-01-05,3,100,100,40",
      "2026-01-05,3,1,2026-01-12,1,33.3,0,5",
      "",
    ]);
  });

  it("writes a row per funnel step with its shares and the period before", () => {
    const funnels: Funnel[] = [
      {
        key: "stories",
        title: "Interactive stories",
        startsWith: "People who started their first story in the period",
        steps: [
          { label: "Started a story", people: 8, previous: 0 },
          { label: "Reached an ending", people: 2, previous: 1 },
        ],
      },
    ];
    expect(lines(funnelsCsv(funnels, 14))).toEqual([
      "Funnel,Step,People,% of first step,% of previous step,Previous period,Change %,Window (days)",
      "Interactive stories,Started a story,8,100,,0,,14",
      "Interactive stories,Reached an ending,2,25,25,1,100,14",
      "",
    ]);
  });

  it("writes a row per title, each figure beside the one before", () => {
    const titles: TitlePerformance[] = [
      {
        contentId: "c1",
        title: "Pride, and Prejudice",
        contentType: "book",
        newReaders: { value: 4, previous: 2 },
        completions: { value: 1, previous: 0 },
        completionPercent: 25,
        coinsEarned: { value: 30, previous: 10 },
      },
    ];
    expect(lines(titlesCsv(titles))[1]).toBe('"Pride, and Prejudice",Book,4,2,1,0,25,30,10');
  });

  it("writes a row per episode of a title", () => {
    const csv = dropOffCsv({
      contentId: "c1",
      title: "Emma",
      episodes: [
        { episodeId: "e1", number: 1, title: "Chapter 1", newReaders: 8 },
        { episodeId: "e2", number: 2, title: "Chapter 2", newReaders: 6 },
      ],
    });
    expect(lines(csv)).toEqual([
      "Episode,Title,New readers,% of episode 1",
      "1,Chapter 1,8,100",
      "2,Chapter 2,6,75",
      "",
    ]);
  });
});
