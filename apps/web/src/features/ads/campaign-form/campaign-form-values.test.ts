import type { AdCampaign, AdPlacementSettings } from "@litverse/shared/ads";
import { describe, expect, it } from "vitest";
import { estimateReach, parseCoins } from "./budget-reach.ts";
import {
  type CampaignFormValues,
  emptyValues,
  errorKeyOf,
  formErrorsOf,
  houseInputOf,
  paidInputOf,
  valuesOfCampaign,
} from "./campaign-form-values.ts";
import { isoToLocalInput, localInputToIso, scheduleErrors } from "./schedule-time.ts";

const row = (
  placement: AdPlacementSettings["placement"],
  cpmCoins: number,
  cpcCoins: number,
  enabled = true,
) => ({
  placement,
  enabled,
  perHour: 2,
  perDay: 10,
  cpmCoins,
  cpcCoins,
});
const PLACEMENTS: AdPlacementSettings[] = [
  row("home", 20, 2),
  row("explore", 10, 3),
  row("reels", 5, 1, false),
  row("episode-end", 40, 4),
];
const TITLE_ID = "5b0a1f7e-8d1c-4c55-9a57-3f1b0b6f2f10";
const NOW = new Date(2026, 2, 5, 9, 30);

function filled(change: Partial<CampaignFormValues> = {}): CampaignFormValues {
  return {
    ...emptyValues(PLACEMENTS, NOW),
    name: "Spring push",
    target: { kind: "title", id: TITLE_ID, label: "Thornmere", imageUrl: null, ageRating: 13 },
    headline: "A winter that never ends",
    budgetCoins: "500",
    ...change,
  };
}

describe("the schedule's times", () => {
  it("writes a local time as an ISO date with the local offset, at the same instant", () => {
    const iso = localInputToIso("2026-03-05T10:00");
    expect(iso).toMatch(/^2026-03-05T10:00:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso ?? "")).toBe(new Date(2026, 2, 5, 10, 0).getTime());
  });

  it("refuses what is not a full date and time", () => {
    expect(localInputToIso("")).toBeNull();
    expect(localInputToIso("2026-03-05")).toBeNull();
    expect(localInputToIso("soon")).toBeNull();
  });

  it("shows an ISO date as the local time it is, and back", () => {
    const local = isoToLocalInput(new Date(2026, 6, 1, 18, 45).toISOString());
    expect(local).toBe("2026-07-01T18:45");
    expect(isoToLocalInput(localInputToIso(local) ?? "")).toBe(local);
    expect(isoToLocalInput("not a date")).toBe("");
  });

  it("finds a schedule's mistakes on its own", () => {
    expect(scheduleErrors({ startsAt: "2026-03-05T10:00", endsAt: "2026-03-06T10:00" })).toEqual({});
    expect(scheduleErrors({ startsAt: "", endsAt: "2026-03-06T10:00" })).toEqual({
      startsAt: ["The start is not a valid date and time"],
    });
    expect(scheduleErrors({ startsAt: "2026-03-05T10:00", endsAt: "2026-03-05T10:00" })).toEqual({
      endsAt: ["The end must come after the start"],
    });
    expect(scheduleErrors({ startsAt: "2026-01-01T10:00", endsAt: "2026-12-01T10:00" })).toEqual({
      endsAt: ["A campaign runs for at most 180 days"],
    });
  });

  it("starts a new campaign at the next whole hour for two weeks, in the first open placement", () => {
    const values = emptyValues(PLACEMENTS, NOW);
    expect(values.startsAt).toBe("2026-03-05T10:00");
    expect(Date.parse(values.endsAt) - Date.parse(values.startsAt)).toBeGreaterThanOrEqual(
      14 * 24 * 3600_000 - 3600_000,
    );
    expect(values.placements).toEqual(["home"]);
  });
});

describe("what a budget buys", () => {
  it("counts views per thousand at the cheapest chosen placement", () => {
    expect(estimateReach(500, "cpm", PLACEMENTS, ["home", "explore"])).toEqual({
      count: 50_000,
      unit: "views",
    });
    expect(estimateReach(500, "cpm", PLACEMENTS, ["home"])).toEqual({ count: 25_000, unit: "views" });
  });

  it("counts whole clicks for a price per click", () => {
    expect(estimateReach(100, "cpc", PLACEMENTS, ["explore", "episode-end"])).toEqual({
      count: 33,
      unit: "clicks",
    });
  });

  it("says nothing without a budget or an open placement", () => {
    expect(estimateReach(Number.NaN, "cpm", PLACEMENTS, ["home"])).toBeNull();
    expect(estimateReach(0, "cpm", PLACEMENTS, ["home"])).toBeNull();
    expect(estimateReach(100, "cpm", PLACEMENTS, [])).toBeNull();
    expect(estimateReach(100, "cpm", PLACEMENTS, ["reels"])).toBeNull();
  });

  it("reads whole coins as typed", () => {
    expect(parseCoins(" 1,500 ")).toBe(1500);
    expect(parseCoins("12.5")).toBeNaN();
    expect(parseCoins("")).toBeNaN();
  });
});

describe("the form as the functions take it", () => {
  it("makes a paid campaign's input, with the schedule as ISO dates", () => {
    const checked = paidInputOf(filled({ genres: ["fantasy"], languages: ["en"] }));
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(checked.input).toMatchObject({
      name: "Spring push",
      target: { kind: "title", id: TITLE_ID },
      headline: "A winter that never ends",
      cta: "Read now",
      placements: ["home"],
      audience: { contentTypes: [], genres: ["fantasy"], languages: ["en"] },
      pricing: "cpm",
      budgetCoins: 500,
    });
    expect(Date.parse(checked.input.startsAt)).toBe(new Date(2026, 2, 5, 10, 0).getTime());
    expect("pictureUploadId" in checked.input).toBe(false);
  });

  it("adds the campaign's id for a change", () => {
    const id = "0c2d5f5e-51f4-4a63-9d1c-7a9e7d8e1b22";
    const checked = paidInputOf(filled(), id);
    expect(checked.ok && "campaignId" in checked.input && checked.input.campaignId).toBe(id);
  });

  it("points each mistake at its field", () => {
    const checked = paidInputOf(
      filled({
        name: "",
        target: null,
        headline: "",
        placements: [],
        budgetCoins: "ten",
        endsAt: "2026-03-01T10:00",
      }),
    );
    if (checked.ok) throw new Error("should not pass");
    expect(Object.keys(checked.errors).sort()).toEqual([
      "budgetCoins",
      "endsAt",
      "headline",
      "name",
      "placements",
      "target",
    ]);
    expect(checked.errors.endsAt).toEqual(["The end must come after the start"]);
  });

  it("keeps a target of another kind from being sent", () => {
    const checked = paidInputOf(filled({ targetKind: "club" }));
    expect(checked.ok ? null : checked.errors.target).toEqual(["Choose what the ad promotes"]);
  });

  it("makes a house ad's input: a link with its own audience age, no coins", () => {
    const checked = houseInputOf(
      filled({
        targetKind: "link",
        target: null,
        url: " https://example.org/fair ",
        minAge: 16,
        priority: "first",
      }),
    );
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(checked.input).toMatchObject({
      target: { kind: "link", url: "https://example.org/fair" },
      priority: "first",
      minAge: 16,
    });
    expect("budgetCoins" in checked.input).toBe(false);
    const insecure = houseInputOf(filled({ targetKind: "link", url: "http://example.org" }));
    expect(insecure.ok ? null : insecure.errors.url).toEqual(["Give a full https:// address"]);
  });

  it("leaves a title's house ad to the title's own rating", () => {
    const checked = houseInputOf(filled({ minAge: 18 }));
    expect(checked.ok && checked.input.minAge).toBe(13);
  });
});

describe("the server's refusals", () => {
  it("go to the fields they are about", () => {
    expect(errorKeyOf("")).toBe("form");
    expect(errorKeyOf("target.id")).toBe("target");
    expect(errorKeyOf("target.url")).toBe("url");
    expect(errorKeyOf("audience.languages.2")).toBe("languages");
    expect(errorKeyOf("pictureUploadId")).toBe("picture");
    expect(formErrorsOf({ budgetCoins: ["Too much"], "audience.genres": ["Too many"], "": ["No"] })).toEqual({
      budgetCoins: ["Too much"],
      genres: ["Too many"],
      form: ["No"],
    });
  });
});

describe("a campaign opened for a change", () => {
  it("fills the form with it, the picture kept", () => {
    const campaign = {
      id: "c1",
      name: "Autumn",
      house: false,
      advertiser: null,
      target: {
        kind: "title",
        id: TITLE_ID,
        url: null,
        label: "Thornmere",
        imageUrl: "/media/c.webp",
        href: "/content/x",
      },
      creative: {
        headline: "Cold",
        body: "Brr",
        cta: "Read now",
        imageUrl: "/media/a.webp",
        ownPicture: true,
      },
      placements: ["explore"],
      audience: { contentTypes: ["book"], genres: ["horror"], languages: [] },
      minAge: 18,
      startsAt: new Date(2026, 9, 1, 8, 0).toISOString(),
      endsAt: new Date(2026, 9, 20, 8, 0).toISOString(),
      pricing: "cpc",
      rates: { explore: 3 },
      budgetCoins: 300,
      priority: null,
      status: "active",
      scheduled: false,
      rejectionReason: null,
      hidden: false,
      totals: { impressions: 0, viewable: 0, clicks: 0, spentCoins: 0 },
      createdAt: "2026-09-01T00:00:00Z",
      reviewedAt: null,
    } satisfies AdCampaign;
    const values = valuesOfCampaign(campaign);
    expect(values).toMatchObject({
      targetKind: "title",
      target: { id: TITLE_ID, ageRating: 18, imageUrl: "/media/c.webp" },
      placements: ["explore"],
      contentTypes: ["book"],
      startsAt: "2026-10-01T08:00",
      pricing: "cpc",
      budgetCoins: "300",
      pictureFile: null,
      removePicture: false,
    });
  });
});
