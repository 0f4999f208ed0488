// What a club page offers, read from the rights table the server enforces (the server's own test
// calls every cell through the router).
import { describe, expect, it } from "vitest";
import { mayInClub } from "./club-rights.ts";

const club = (
  myRole: "owner" | "moderator" | "member" | null,
  mutedUntil: string | null = null,
  privacy: "public" | "private" | "secret" = "public",
) => ({ privacy, myRole, myStatus: myRole ? ("active" as const) : null, mutedUntil });

describe("mayInClub", () => {
  it("keeps the club's settings, link and existence to its owner", () => {
    for (const fn of ["updateClub", "renewInviteCode", "deleteClub"] as const) {
      expect(mayInClub(club("owner"), fn)).toBe(true);
      expect(mayInClub(club("moderator"), fn)).toBe(false);
      expect(mayInClub(club("member"), fn)).toBe(false);
    }
    expect(mayInClub(club("moderator"), "setCurrentRead")).toBe(true);
  });

  it("takes posting from the muted until their mute runs out, moderators too", () => {
    const now = Date.parse("2026-12-02T10:00:00Z");
    const later = "2026-12-02T11:00:00.000Z";
    for (const role of ["member", "moderator"] as const) {
      expect(mayInClub(club(role, later), "createClubPost", now)).toBe(false);
      expect(mayInClub(club(role, later), "reactToClubPost", now)).toBe(true);
      expect(mayInClub(club(role, later), "createClubPost", Date.parse(later) + 1)).toBe(true);
    }
    expect(mayInClub(club("moderator", later), "pinClubPost", now)).toBe(true);
  });

  it("lets anyone read a public club, and nobody outside read a private one", () => {
    expect(mayInClub(club(null), "listClubPosts")).toBe(true);
    expect(mayInClub(club(null, null, "private"), "listClubPosts")).toBe(false);
    expect(mayInClub(club(null, null, "private"), "getClub")).toBe(true);
    expect(mayInClub(club(null, null, "secret"), "getClub")).toBe(false);
    expect(mayInClub(club(null, null, "secret"), "joinClubByInvite")).toBe(true);
  });
});
