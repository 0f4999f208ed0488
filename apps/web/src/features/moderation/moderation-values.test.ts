import type { ModerationDecision, ModerationTarget } from "@litverse/shared/moderation";
import { queueFiltersOf } from "@litverse/shared/moderation-queue-filters";
import { describe, expect, it } from "vitest";
import {
  accountMeaning,
  canAppeal,
  categoryTone,
  decisionConsequence,
  formatHours,
  formatWeight,
  kindInSentence,
} from "./moderation-values.ts";

const TARGET: ModerationTarget = {
  kind: "club_post",
  id: "p1",
  label: "Post in The Lantern Society",
  text: "Buy followers here",
  pictureUrl: null,
  link: "/clubs/c1",
  exists: true,
};

const DECISION: ModerationDecision = {
  id: "d1",
  itemId: "i1",
  target: TARGET,
  action: "remove",
  audience: null,
  rule: "spam",
  legalGround: null,
  explanation: "Advertising is not allowed in clubs.",
  suspendedDays: null,
  isAutomated: false,
  isStrike: true,
  decidedBy: { id: "m1", name: "Mo Derator" },
  decidedAt: "2026-03-01T10:00:00.000Z",
  appealableUntil: "2026-08-31T23:59:59.000Z",
  reversedAt: null,
  appeal: null,
};

describe("the queue's filters in the address", () => {
  it("reads known values and falls back to waiting items, anyone's", () => {
    expect(queueFiltersOf(new URLSearchParams("kind=reel&category=spam&state=appealed&assignee=me"))).toEqual(
      {
        kind: "reel",
        category: "spam",
        state: "appealed",
        assignee: "me",
      },
    );
    expect(queueFiltersOf(new URLSearchParams("kind=poster&state=closed&assignee=nobody"))).toEqual({
      kind: null,
      category: null,
      state: "pending",
      assignee: "anyone",
    });
  });
});

describe("how a category looks", () => {
  it("makes illegal content and self-harm stand out", () => {
    expect(categoryTone("illegal_content")).toBe("danger");
    expect(categoryTone("self_harm")).toBe("danger");
    expect(categoryTone("violence")).toBe("warning");
    expect(categoryTone("spam")).toBe("neutral");
  });
});

describe("what a decision will do", () => {
  const base = { audience: null, suspendDays: null, label: TARGET.label, authorName: "Ada Reader" };
  it("names the person and what happens to their sessions for a ban", () => {
    const said = decisionConsequence({ ...base, action: "ban" });
    expect(said.title).toBe("Ban Ada Reader");
    expect(said.text).toMatch(/^Their sessions end now and sign-in is refused/);
  });
  it("counts the days of a suspension", () => {
    expect(decisionConsequence({ ...base, action: "suspend", suspendDays: 1 }).title).toBe(
      "Suspend Ada Reader for 1 day",
    );
    expect(decisionConsequence({ ...base, action: "suspend", suspendDays: 7 }).title).toBe(
      "Suspend Ada Reader for 7 days",
    );
  });
  it("says whom hidden content is hidden from", () => {
    expect(decisionConsequence({ ...base, action: "hide", audience: "minors" }).text).toMatch(
      /^Readers under 18 no longer see it/,
    );
    expect(decisionConsequence({ ...base, action: "hide", audience: "everyone" }).text).toMatch(
      /^Nobody but its author/,
    );
  });
  it("tells nobody anything when the reports are dismissed", () => {
    const said = decisionConsequence({ ...base, action: "dismiss" });
    expect(said.title).toBe("Dismiss the reports about Post in The Lantern Society");
    expect(said.text).not.toMatch(/appeal/);
  });
  it("speaks of the author when the author is unknown", () => {
    expect(decisionConsequence({ ...base, authorName: null, action: "warn" }).title).toBe("Warn the author");
  });
});

describe("what a decision means for the person", () => {
  it("says what was taken down and that it is a strike", () => {
    expect(accountMeaning(DECISION)).toBe(
      "The content (a club post) was removed. It counts as a strike on your account.",
    );
  });
  it("says a reversed decision no longer counts", () => {
    expect(accountMeaning({ ...DECISION, reversedAt: "2026-03-02T00:00:00.000Z" })).toMatch(
      /^It was reversed/,
    );
  });
  it("gives the days of a suspension", () => {
    expect(accountMeaning({ ...DECISION, action: "suspend", suspendedDays: 3 })).toMatch(
      /^Your account was suspended for 3 days\./,
    );
  });
});

describe("appealing", () => {
  const now = Date.parse("2026-03-05T00:00:00.000Z");
  it("is open once, until the last day", () => {
    expect(canAppeal(DECISION, now)).toBe(true);
    expect(canAppeal(DECISION, Date.parse("2026-09-01T00:00:00.000Z"))).toBe(false);
    expect(
      canAppeal(
        {
          ...DECISION,
          appeal: {
            id: "a1",
            decisionId: "d1",
            explanation: "It was a joke between friends.",
            state: "pending",
            reply: null,
            createdAt: "2026-03-02T00:00:00.000Z",
            decidedAt: null,
            decidedBy: null,
          },
        },
        now,
      ),
    ).toBe(false);
  });
  it("is not offered for dismissed reports or a reversed decision", () => {
    expect(canAppeal({ ...DECISION, action: "dismiss" }, now)).toBe(false);
    expect(canAppeal({ ...DECISION, reversedAt: "2026-03-02T00:00:00.000Z" }, now)).toBe(false);
  });
});

describe("figures as they read", () => {
  it("writes weights and hours briefly", () => {
    expect(formatWeight(3)).toBe("3");
    expect(formatWeight(2.25)).toBe("2.3");
    expect(formatHours(null)).toBe("—");
    expect(formatHours(0.5)).toBe("30 min");
    expect(formatHours(4.25)).toBe("4.3 h");
    expect(formatHours(30.4)).toBe("30 h");
  });
  it("puts the right article before a kind", () => {
    expect(kindInSentence("club_post")).toBe("a club post");
    expect(kindInSentence("story")).toBe("an interactive story");
  });
});
