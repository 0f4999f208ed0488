// What a club page offers, read from the rights table the server enforces (the server's own test
// calls every cell through the router).
import { describe, expect, it } from "vitest";
import { clubStandingOf, mayInClub } from "./club-rights.ts";

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
      // The mute ends at its last millisecond: from then on they post again.
      expect(mayInClub(club(role, later), "createClubPost", Date.parse(later) - 1)).toBe(false);
      expect(mayInClub(club(role, later), "createClubPost", Date.parse(later))).toBe(true);
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

  it("offers deleting any post to moderators only: a page asks without naming the author", () => {
    expect(mayInClub(club("member"), "deleteClubPost")).toBe(false);
    expect(mayInClub(club("moderator"), "deleteClubPost")).toBe(true);
    expect(mayInClub(club("owner"), "deleteClubPost")).toBe(true);
  });
});

describe("clubStandingOf", () => {
  const place = (role: "owner" | "moderator" | "member", isMuted: boolean) => ({
    role,
    status: "active" as const,
    isMuted,
  });

  it("names a plain member whose mute runs muted, and a muted moderator still a moderator", () => {
    expect(clubStandingOf(place("member", true))).toBe("muted");
    expect(clubStandingOf(place("member", false))).toBe("member");
    expect(clubStandingOf(place("moderator", true))).toBe("moderator");
    expect(clubStandingOf(null)).toBe("outsider");
    expect(clubStandingOf({ role: "member", status: "invited", isMuted: false })).toBe("invited");
  });
});
