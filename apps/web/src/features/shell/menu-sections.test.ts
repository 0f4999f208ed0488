import { allSections } from "@litverse/shared/admin-permissions";
import { describe, expect, it } from "vitest";
import { menuSections } from "./menu-sections.ts";

const labels = (role: "user" | "admin" | "superadmin", handle: string | null = "ada") =>
  menuSections({ _id: "u1", role, handle });

describe("menuSections", () => {
  it("gives ordinary users the four sections, in order", () => {
    const sections = labels("user");
    expect(sections.map((section) => section.title)).toEqual([
      "Main Features",
      "Content Types",
      "Social",
      "Account",
    ]);
    expect(sections[1]?.items.map((item) => item.to)).toContain("/explore?type=drama");
  });

  it("links My Profile to the handle, else the id", () => {
    const profile = (handle: string | null) =>
      labels("user", handle)[2]?.items.find((item) => item.label === "My Profile")?.to;
    expect(profile("ada")).toBe("/user/ada");
    expect(profile(null)).toBe("/user/u1");
  });

  it("adds Admin Tools for admins and the superadmin items for superadmins", () => {
    const adminItems = labels("admin")
      .at(-1)
      ?.items.map((item) => item.label);
    const superItems = labels("superadmin")
      .at(-1)
      ?.items.map((item) => item.label);
    expect(adminItems).toContain("Admin Tools");
    expect(adminItems).not.toContain("User Management");
    expect(superItems).not.toContain("Admin Tools");
    expect(superItems?.slice(-5)).toEqual([
      "Subscriptions",
      "VVIP Control",
      "Content Metrics",
      "User Management",
      "Support Analytics",
    ]);
    expect(superItems?.slice(0, 8)).toEqual(adminItems?.slice(0, 8));
  });

  it("keeps an admin's items to the sections their permissions let them see", () => {
    const grants = { ...allSections("none"), support: "view" as const, stories: "manage" as const };
    const items = menuSections({ _id: "u1", role: "admin", handle: null }, grants)
      .at(-1)
      ?.items.map((item) => item.label);
    expect(items).toEqual(["Admin Dashboard", "Interactive Stories", "Support Tickets"]);
  });

  it("lists Flagged Content for those who may see moderation, and Safety for everyone", () => {
    const moderator = { ...allSections("none"), moderation: "view" as const };
    expect(
      menuSections({ _id: "u1", role: "admin", handle: null }, moderator)
        .at(-1)
        ?.items.map((item) => item.to),
    ).toEqual(["/admin/dashboard", "/admin/flagged-content"]);
    expect(labels("user")[3]?.items.at(-1)).toEqual({ label: "Safety", to: "/settings/safety" });
  });
});
