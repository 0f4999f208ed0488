import { describe, expect, it } from "vitest";
import { adTargetInput, createCampaignInput } from "./ads-inputs.ts";

describe("ads' inputs", () => {
  it("take only full https addresses that say where they lead", () => {
    const ok = (url: string) => adTargetInput.safeParse({ kind: "link", url }).success;
    expect(ok("https://example.com/spring?from=ad")).toBe(true);
    expect(ok("http://example.com")).toBe(false);
    expect(ok("https://reader:secret@example.com")).toBe(false);
    expect(ok("https://localhost/")).toBe(false);
    expect(ok("javascript:alert(1)")).toBe(false);
  });

  it("check the schedule and the budget", () => {
    const base = {
      name: "Spring",
      target: { kind: "title", id: "6f1c1b36-5b0e-4c55-9d6e-2f8f3d1d9a10" },
      headline: "Read it",
      cta: "Read now",
      placements: ["home", "home"],
      startsAt: "2027-01-01T00:00:00Z",
      endsAt: "2027-01-10T00:00:00Z",
      pricing: "cpm",
      budgetCoins: 100,
    };
    expect(createCampaignInput.parse(base).placements).toEqual(["home"]);
    const message = (changes: object) =>
      createCampaignInput.safeParse({ ...base, ...changes }).error?.issues[0]?.message;
    expect(message({ endsAt: "2026-12-31T00:00:00Z" })).toBe("The end must come after the start");
    expect(message({ endsAt: "2027-12-31T00:00:00Z" })).toBe("A campaign runs for at most 180 days");
    expect(message({ budgetCoins: 49 })).toBe("The budget is at least 50 coins");
    expect(message({ target: { kind: "link", url: "https://example.com" } })).toBe(
      "Ads can promote a title, a club, a story or a reel",
    );
  });
});
