import { describe, expect, it } from "vitest";
import { adminGrants, grantChips, grantedOnly, holdersLabel, withOverride } from "./permission-values.ts";

describe("grantChips", () => {
  it("lists the sections someone may see, in the admin area's order", () => {
    const grants = adminGrants({ support: "manage", analytics: "view" }, {});
    expect(grantChips(grants).map((chip) => chip.label)).toEqual(["Support · manage", "Analytics · view"]);
  });

  it("marks a person's own levels, an own 'no access' included", () => {
    const overrides = { content: "none", rewards: "view" } as const;
    const grants = adminGrants({ content: "manage", support: "manage" }, overrides);
    expect(grantChips(grants, overrides)).toEqual([
      { section: "content", label: "Content · no access", level: "none", isOwn: true },
      { section: "support", label: "Support · manage", level: "manage", isOwn: false },
      { section: "rewards", label: "Rewards · view", level: "view", isOwn: true },
    ]);
  });

  it("is empty for someone with no access anywhere", () => {
    expect(grantChips(adminGrants(null, {}))).toEqual([]);
  });
});

describe("withOverride", () => {
  it("sets a section's own level and takes it back to the template's", () => {
    const set = withOverride({}, "support", "view");
    expect(set).toEqual({ support: "view" });
    expect(withOverride(set, "support", "template")).toEqual({});
  });

  it("leaves the overrides it was given unchanged", () => {
    const overrides = { ads: "manage" } as const;
    withOverride(overrides, "ads", "template");
    expect(overrides).toEqual({ ads: "manage" });
  });
});

describe("adminGrants", () => {
  it("puts the person's own levels over the template's", () => {
    const grants = adminGrants({ support: "manage", ads: "view" }, { support: "none" });
    expect(grants.support).toBe("none");
    expect(grants.ads).toBe("view");
    expect(grants.content).toBe("none");
  });
});

describe("grantedOnly", () => {
  it("keeps only the sections a template opens", () => {
    expect(grantedOnly({ support: "manage", ads: "none", tools: "view" })).toEqual({
      support: "manage",
      tools: "view",
    });
  });
});

describe("holdersLabel", () => {
  it("counts admins in words", () => {
    expect(holdersLabel(0)).toBe("No admins");
    expect(holdersLabel(1)).toBe("1 admin");
    expect(holdersLabel(3)).toBe("3 admins");
  });
});
