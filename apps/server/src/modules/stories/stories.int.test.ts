// Interactive stories through the real router: drafts and their revisions, publishing versions,
// playing (conditions, effects, endings, saves, versions), premium choices through the coin
// ledger (once, under concurrent clicks), "X% chose this", ratings, age ratings, and live results.
import { STORY_LIMITS } from "@litverse/shared/stories/story-model";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readerAged } from "../../test/catalogue.ts";
import { BRIBE_PRICE, COURAGE, caveStory, publishedStory, storyScene } from "../../test/stories.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { auditEvents } from "../audit/schema.ts";
import { creditCoins } from "../coins/ledger.ts";
import { checkLedger } from "../coins/ledger-check.ts";
import { ledgerEntries } from "../coins/schema.ts";
import { storyChoicePurchases, storyPlays } from "./schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user).stories;

/** The error a call fails with: its code and message. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code: code ?? "?", message };
  }
  throw new Error("expected the call to fail");
}

let grants = 0;
const grant = (user: TestUser, coins: number) =>
  platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    creditCoins(platform.deps, tx, user.id, {
      kind: "grant",
      memo: "test coins",
      idempotencyKey: `story-test:${++grants}`,
      purchased: coins,
    }),
  );
const balanceOf = async (user: TestUser) => (await callerFor(platform, user).coins.getCoinBalance()).total;
const expectLedgerClean = async () => expect((await checkLedger(platform.deps.db)).violations).toEqual([]);

async function cave(admin?: TestUser) {
  const author = admin ?? (await createUser(platform, "admin"));
  const storyId = await publishedStory(platform, author, caveStory());
  return { admin: author, storyId };
}

async function started(storyId: string, reader?: TestUser) {
  const user = reader ?? (await createUser(platform));
  const { playId } = await as(user).startPlay({ storyId });
  return { reader: user, playId };
}

const choose = (
  user: TestUser,
  storyId: string,
  playId: string,
  sceneId: string,
  choiceId: string,
  price?: number,
) =>
  as(user).chooseChoice({
    storyId,
    playId,
    sceneId,
    choiceId,
    ...(price === undefined ? {} : { expectedPriceCoins: price }),
  });

describe("drafts", () => {
  it("a new story has one blank start scene; saves send only what changed, on the current revision", async () => {
    const admin = await createUser(platform, "admin");
    const { storyId } = await as(admin).createStory({ title: "  The Cave " });
    const draft = await as(admin).getStoryDraft({ storyId });
    expect(draft).toMatchObject({ title: "The Cave", status: "draft", revision: 0, versionNumber: null });
    expect(draft.document.startSceneId).toBe("start");
    expect(draft.document.scenes.map((scene) => scene.id)).toEqual(["start"]);

    const { scenes } = caveStory();
    const first = await as(admin).saveStoryDraft({
      storyId,
      baseRevision: 0,
      upsertScenes: scenes,
      deleteSceneIds: ["start"],
      startSceneId: "gate",
      ownStats: caveStory().stats,
    });
    expect(first.revision).toBe(1);
    const gate = { ...(scenes[0] as (typeof scenes)[number]), text: "A different cave." };
    expect(
      (await as(admin).saveStoryDraft({ storyId, baseRevision: 1, upsertScenes: [gate] })).revision,
    ).toBe(2);
    const after = await as(admin).getStoryDraft({ storyId });
    expect(after.document.scenes.map((scene) => scene.id)).toEqual(["gate", "dragon", "treasure", "home"]);
    expect(after.document.scenes[0]?.text).toBe("A different cave.");
    expect(after.document.stats.map((stat) => stat.name)).toEqual(["courage"]);
    // The audit trail holds each scene and setting a save changed, before and after.
    const saves = await platform.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "stories.saveStoryDraft"))
      .orderBy(auditEvents.at);
    expect(saves.map((event) => event.changes)).toEqual([
      [
        {
          objectType: "story",
          objectId: storyId,
          before: { startSceneId: "start", ownStats: [] },
          after: { startSceneId: "gate", ownStats: caveStory().stats },
        },
        ...scenes.map((scene) => ({
          objectType: "scene",
          objectId: `${storyId}/${scene.id}`,
          before: null,
          after: scene,
        })),
        {
          objectType: "scene",
          objectId: `${storyId}/start`,
          before: expect.objectContaining({ id: "start", title: "Start" }),
          after: null,
        },
      ],
      [{ objectType: "scene", objectId: `${storyId}/gate`, before: scenes[0], after: gate }],
    ]);
    expect(
      (await as(admin).adminListStories({})).map((row) => [row.title, row.sceneCount, row.status]),
    ).toEqual([["The Cave", 4, "draft"]]);

    // An older copy is refused and changes nothing.
    const stale = await failure(
      as(admin).saveStoryDraft({ storyId, baseRevision: 1, deleteSceneIds: ["home"] }),
    );
    expect(stale).toEqual({
      code: "CONFLICT",
      message: "This story was changed elsewhere. Reload to see the latest version.",
    });
    expect((await as(admin).getStoryDraft({ storyId })).document.scenes).toHaveLength(4);
  });

  it("refuses bad scenes, stats and sizes with a clear message, changing nothing", async () => {
    const admin = await createUser(platform, "admin");
    const { storyId } = await as(admin).createStory({ title: "Bad input" });
    const bad = [
      { upsertScenes: [storyScene("a b", [])] },
      { upsertScenes: [storyScene("a", [], { text: "bell\u0007" })] },
      { upsertScenes: [storyScene("a", []), storyScene("a", [])] },
      { upsertScenes: [storyScene("a", [])], deleteSceneIds: ["a"] },
      {
        upsertScenes: Array.from({ length: STORY_LIMITS.maxScenesPerSave + 1 }, (_, i) =>
          storyScene(`s${i}`, []),
        ),
      },
      { upsertScenes: [storyScene("a", [], { image: "https://elsewhere.example/picture.png" })] },
      { ownStats: [caveStory().stats[0], caveStory().stats[0]] },
      { ownStats: [{ ...caveStory().stats[0], min: 9, max: 1 }] },
    ];
    const messages: string[] = [];
    for (const input of bad) {
      const refusal = await failure(
        as(admin).saveStoryDraft({ storyId, baseRevision: 0, ...input } as never),
      );
      expect(refusal.code, JSON.stringify(input).slice(0, 80)).toBe("BAD_REQUEST");
      messages.push(refusal.message);
    }
    expect(messages.join("\n")).toContain("Not a valid scene id");
    expect(messages.join("\n")).toContain("has characters that cannot be shown");
    expect(messages.join("\n")).toContain("is sent twice");
    expect(messages.join("\n")).toContain("was not uploaded for this story");
    expect(messages.join("\n")).toContain("Another stat is already named “courage”");
    expect(messages.join("\n")).toContain("The maximum is below the minimum");
    const draft = await as(admin).getStoryDraft({ storyId });
    expect(draft.revision).toBe(0);
    expect(draft.document.scenes.map((scene) => scene.id)).toEqual(["start"]);
    expect(await codeOf(as(admin).saveStoryDraft({ storyId: crypto.randomUUID(), baseRevision: 0 }))).toBe(
      "NOT_FOUND",
    );
  });

  it("only administrators see and change drafts", async () => {
    const admin = await createUser(platform, "admin");
    const reader = await createUser(platform);
    const { storyId } = await as(admin).createStory({ title: "Secret" });
    for (const call of [
      () => as(reader).getStoryDraft({ storyId }),
      () => as(reader).saveStoryDraft({ storyId, baseRevision: 0 }),
      () => as(reader).publishStory({ storyId }),
      () => as(reader).createStory({ title: "Mine" }),
      () => as(reader).exportStory({ storyId, format: "twee" }),
    ]) {
      expect(await codeOf(call())).toBe("FORBIDDEN");
    }
    // A draft is nobody's to read or play.
    expect(await codeOf(as(reader).getStory({ storyId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(reader).startPlay({ storyId }))).toBe("NOT_FOUND");
    expect((await as(reader).listStories({})).items).toEqual([]);
  });
});

describe("publishing", () => {
  it("refuses a story with errors, naming them; publishes immutable numbered versions", async () => {
    const admin = await createUser(platform, "admin");
    const { storyId } = await as(admin).createStory({ title: "Unfinished" });
    await as(admin).saveStoryDraft({
      storyId,
      baseRevision: 0,
      upsertScenes: [
        storyScene("start", [
          { id: "go", target: null },
          { id: "bad", target: "start", condition: "luck > 2" },
        ]),
      ],
    });
    const refusal = await failure(as(admin).publishStory({ storyId }));
    expect(refusal.code).toBe("BAD_REQUEST");
    expect(refusal.message).toBe(
      "Fix these before publishing: Scene “start”, choice “Go to null” does not lead anywhere; Scene “start”, choice “Go to start”: condition: 'luck' is not a stat or flag of this story.",
    );
    expect((await as(admin).getStoryDraft({ storyId })).versionNumber).toBeNull();

    const id = await publishedStory(platform, admin, caveStory());
    expect(await as(admin).publishStory({ storyId: id })).toEqual({ versionNumber: 2 });
    const row = (await as(admin).adminListStories({ status: "published" }))[0];
    expect(row).toMatchObject({ id, versionNumber: 2, hasUnpublishedChanges: false, sceneCount: 4 });
  });

  it("archives, restores and deletes only what each allows", async () => {
    const { admin, storyId } = await cave();
    const reader = await createUser(platform);
    expect(await codeOf(as(admin).deleteStory({ storyId }))).toBe("CONFLICT");
    await as(admin).archiveStory({ storyId });
    expect(await codeOf(as(admin).archiveStory({ storyId }))).toBe("CONFLICT");
    expect(await codeOf(as(reader).getStory({ storyId }))).toBe("NOT_FOUND");
    await as(admin).restoreStory({ storyId });
    expect((await as(reader).getStory({ storyId })).title).toBe("The Cave");
    expect(await codeOf(as(admin).restoreStory({ storyId }))).toBe("CONFLICT");

    const { storyId: draftId } = await as(admin).createStory({ title: "Scrap" });
    await as(admin).deleteStory({ storyId: draftId });
    expect(await codeOf(as(admin).getStoryDraft({ storyId: draftId }))).toBe("NOT_FOUND");
  });
});

describe("playing", () => {
  it("conditions lock choices with the reason, effects change stats, endings are collected", async () => {
    const { storyId } = await cave();
    const { reader, playId } = await started(storyId);
    let play = await as(reader).getPlay({ storyId });
    expect(play?.scene).toEqual({
      id: "gate",
      text: "A cave mouth, and a guard.",
      image: null,
      ending: null,
    });
    expect(play?.choices).toEqual([
      {
        id: "enter",
        label: "Enter the cave",
        state: "locked",
        lockReason: "Needs Courage 2 or more",
        priceCoins: 0,
      },
      { id: "train", label: "Train", state: "open", lockReason: null, priceCoins: 0 },
      { id: "bribe", label: "Bribe the guard", state: "priced", lockReason: null, priceCoins: BRIBE_PRICE },
      { id: "leave", label: "Walk home", state: "open", lockReason: null, priceCoins: 0 },
    ]);
    expect(play?.stats).toEqual([
      { name: "courage", label: "Courage", kind: "number", value: 1, min: 0, max: 5 },
    ]);
    expect(play?.saves).toEqual([null, null, null]);
    expect(play?.endingCount).toBe(3);

    expect(await failure(choose(reader, storyId, playId, "gate", "enter"))).toEqual({
      code: "FORBIDDEN",
      message: "Needs Courage 2 or more",
    });
    expect(await choose(reader, storyId, playId, "gate", "train")).toEqual({ sceneId: "gate" });
    play = await as(reader).getPlay({ storyId });
    expect(play?.stats[0]?.value).toBe(2);
    expect(play?.lastChoice).toEqual({ label: "Train", sharePercent: null });
    expect(play?.choices[0]?.state).toBe("open");
    expect(await choose(reader, storyId, playId, "gate", "enter")).toEqual({ sceneId: "dragon" });
    play = await as(reader).getPlay({ storyId });
    expect(play?.scene.ending).toEqual({ name: "The dragon's friend" });
    expect(play?.choices).toEqual([]);
    // Arrival effects apply, within the stat's bounds.
    expect(play?.stats[0]?.value).toBe(4);
    expect(play?.endingsFound).toEqual(["The dragon's friend"]);

    const detail = await as(reader).getStory({ storyId });
    expect(detail.endings).toEqual([
      { name: "The dragon's friend", found: true },
      { name: null, found: false },
      { name: null, found: false },
    ]);
    expect(detail).toMatchObject({
      canRate: true,
      myRating: null,
      progress: { status: "finished", endingsFound: 1 },
    });

    // A restart keeps the endings found.
    const restart = await as(reader).startPlay({ storyId });
    expect(restart.playId).not.toBe(playId);
    expect(await codeOf(choose(reader, storyId, playId, "gate", "leave"))).toBe("CONFLICT");
    await choose(reader, storyId, restart.playId, "gate", "leave");
    expect((await as(reader).getPlay({ storyId }))?.endingsFound).toEqual([
      "The dragon's friend",
      "Home again",
    ]);
    expect((await as(reader).listStories({})).items[0]?.progress).toEqual({
      status: "finished",
      endingsFound: 2,
    });
  });

  it("refuses stale scenes, other readers' plays and choices that are not there", async () => {
    const { storyId } = await cave();
    const { reader, playId } = await started(storyId);
    const other = await createUser(platform);
    expect(await failure(choose(reader, storyId, playId, "home", "leave"))).toEqual({
      code: "CONFLICT",
      message: "The story has moved on.",
    });
    expect(await codeOf(choose(other, storyId, playId, "gate", "leave"))).toBe("NOT_FOUND");
    expect(await codeOf(choose(reader, storyId, playId, "gate", "fly"))).toBe("NOT_FOUND");
    expect(await codeOf(as(reader).chooseChoice({ storyId, playId, sceneId: "gate", choiceId: "a b" }))).toBe(
      "BAD_REQUEST",
    );
    expect(await as(other).getPlay({ storyId })).toBeNull();
    expect((await as(reader).getPlay({ storyId }))?.scene.id).toBe("gate");
  });

  it("readers see stories rated at most their age", async () => {
    const admin = await createUser(platform, "admin");
    const storyId = await publishedStory(platform, admin, caveStory(), "Grim Cave");
    await as(admin).updateStoryDetails({ id: storyId, data: { ageRating: 18, genre: "Horror" } });
    const young = await readerAged(platform, 13);
    const adult = await readerAged(platform, 18);
    expect((await as(young).listStories({})).items).toEqual([]);
    expect(await as(young).listStoryGenres()).toEqual([]);
    expect(await failure(as(young).getStory({ storyId }))).toEqual({
      code: "FORBIDDEN",
      message: "This story is rated 18+.",
    });
    expect(await codeOf(as(young).startPlay({ storyId }))).toBe("FORBIDDEN");
    expect((await as(adult).listStories({ genre: "horror" })).items.map((card) => card.title)).toEqual([
      "Grim Cave",
    ]);
    expect(await as(adult).listStoryGenres()).toEqual([{ genre: "horror", count: 1 }]);
    expect((await as(adult).listStories({ search: "grim" })).items).toHaveLength(1);
    expect((await as(adult).listStories({ search: "nothing like it" })).items).toHaveLength(0);
  });

  it("three save slots; loading one makes it the autosave", async () => {
    const { storyId } = await cave();
    const { reader, playId } = await started(storyId);
    await choose(reader, storyId, playId, "gate", "train");
    await as(reader).saveToSlot({ storyId, slot: 2 });
    await choose(reader, storyId, playId, "gate", "leave");
    expect((await as(reader).getPlay({ storyId }))?.scene.id).toBe("home");
    const saves = (await as(reader).getPlay({ storyId }))?.saves;
    expect(saves?.[0]).toBeNull();
    expect(saves?.[1]).toMatchObject({ slot: 2, excerpt: "A cave mouth, and a guard." });

    await as(reader).loadSlot({ storyId, slot: 2 });
    const loaded = await as(reader).getPlay({ storyId });
    expect(loaded?.scene.id).toBe("gate");
    expect(loaded?.stats[0]?.value).toBe(2);
    expect(await choose(reader, storyId, loaded?.playId ?? "", "gate", "enter")).toEqual({
      sceneId: "dragon",
    });

    expect(await failure(as(reader).loadSlot({ storyId, slot: 1 }))).toEqual({
      code: "NOT_FOUND",
      message: "Slot 1 is empty.",
    });
    expect(await codeOf(as(reader).saveToSlot({ storyId, slot: 4 }))).toBe("BAD_REQUEST");
    await as(reader).deleteSlot({ storyId, slot: 2 });
    expect((await as(reader).getPlay({ storyId }))?.saves).toEqual([null, null, null]);
    expect(await codeOf(as(reader).deleteSlot({ storyId, slot: 2 }))).toBe("NOT_FOUND");
    expect(await codeOf(as(await createUser(platform)).saveToSlot({ storyId, slot: 1 }))).toBe("NOT_FOUND");
  });

  it("a play stays on its version, and moves to a newer one where its scene still exists", async () => {
    const { admin, storyId } = await cave();
    const { reader, playId } = await started(storyId);
    await choose(reader, storyId, playId, "gate", "train");
    // Version 2: a new stat, the courage requirement raised.
    const draft = await as(admin).getStoryDraft({ storyId });
    const gate = draft.document.scenes.find((scene) => scene.id === "gate");
    if (!gate) throw new Error("no gate");
    const raised = {
      ...gate,
      choices: gate.choices.map((c) => (c.id === "enter" ? { ...c, condition: "courage >= 3" } : c)),
    };
    const luck = {
      name: "luck",
      label: "Luck",
      kind: "number" as const,
      min: null,
      max: null,
      default: 7,
      visible: true,
    };
    await as(admin).saveStoryDraft({
      storyId,
      baseRevision: draft.revision,
      upsertScenes: [raised],
      ownStats: [...draft.ownStats, luck],
    });
    expect((await as(admin).getStoryDraft({ storyId })).hasUnpublishedChanges).toBe(true);
    await as(admin).publishStory({ storyId });

    let play = await as(reader).getPlay({ storyId });
    expect(play?.versionNumber).toBe(1);
    expect(play?.newerVersion).toEqual({ versionNumber: 2, sceneExists: true });
    expect(play?.choices[0]?.state).toBe("open");
    expect((await as(reader).switchToNewestVersion({ storyId })).versionNumber).toBe(2);
    play = await as(reader).getPlay({ storyId });
    expect(play?.newerVersion).toBeNull();
    expect(play?.stats.map((stat) => [stat.name, stat.value])).toEqual([
      ["courage", 2],
      ["luck", 7],
    ]);
    expect(play?.choices[0]).toMatchObject({ state: "locked", lockReason: "Needs Courage 3 or more" });
    expect(await codeOf(as(reader).switchToNewestVersion({ storyId }))).toBe("BAD_REQUEST");

    // Version 3 drops the scene this reader stands in: they stay, or restart.
    const other = await started(storyId);
    await choose(other.reader, storyId, other.playId, "gate", "leave");
    const v2 = await as(admin).getStoryDraft({ storyId });
    const withoutHome = v2.document.scenes
      .filter((scene) => scene.id === "gate")
      .map((scene) => ({ ...scene, choices: scene.choices.filter((c) => c.id !== "leave") }));
    await as(admin).saveStoryDraft({
      storyId,
      baseRevision: v2.revision,
      upsertScenes: withoutHome,
      deleteSceneIds: ["home"],
    });
    await as(admin).publishStory({ storyId });
    expect((await as(other.reader).getPlay({ storyId }))?.newerVersion).toEqual({
      versionNumber: 3,
      sceneExists: false,
    });
    expect(await failure(as(other.reader).switchToNewestVersion({ storyId }))).toEqual({
      code: "CONFLICT",
      message: "Your scene is not in the new version. Restart the story to play it.",
    });
    expect((await as(other.reader).getPlay({ storyId }))?.scene.ending).toEqual({ name: "Home again" });
  });

  it("rating needs an ending; a second rating replaces the first", async () => {
    const { storyId } = await cave();
    const { reader, playId } = await started(storyId);
    expect(await failure(as(reader).rateStory({ storyId, score: 4 }))).toEqual({
      code: "FORBIDDEN",
      message: "Reach an ending first, then rate the story.",
    });
    expect(await codeOf(as(reader).rateStory({ storyId, score: 6 }))).toBe("BAD_REQUEST");
    await choose(reader, storyId, playId, "gate", "leave");
    await as(reader).rateStory({ storyId, score: 4 });
    await as(reader).rateStory({ storyId, score: 2 });
    const second = await started(storyId);
    await choose(second.reader, storyId, second.playId, "gate", "leave");
    await as(second.reader).rateStory({ storyId, score: 5 });
    const detail = await as(reader).getStory({ storyId });
    expect(detail.rating).toEqual({ average: 3.5, count: 2 });
    expect(detail.myRating).toBe(2);
  });
});

describe("premium choices", () => {
  it("are paid once per reader and story through the ledger, with the unlock's refusal when coins are short", async () => {
    const { storyId } = await cave();
    const { reader, playId } = await started(storyId);
    expect(await failure(choose(reader, storyId, playId, "gate", "bribe"))).toEqual({
      code: "BAD_REQUEST",
      message: `This choice costs ${BRIBE_PRICE} coins.`,
    });
    expect(await codeOf(choose(reader, storyId, playId, "gate", "bribe", 5))).toBe("CONFLICT");
    expect(await failure(choose(reader, storyId, playId, "gate", "bribe", BRIBE_PRICE))).toEqual({
      code: "PRECONDITION_FAILED",
      message: `You need ${BRIBE_PRICE} coins and have 0. Buy ${BRIBE_PRICE} more to continue.`,
    });
    expect((await as(reader).getPlay({ storyId }))?.scene.id).toBe("gate");

    await grant(reader, 50);
    expect(await choose(reader, storyId, playId, "gate", "bribe", BRIBE_PRICE)).toEqual({
      sceneId: "treasure",
    });
    expect(await balanceOf(reader)).toBe(30);
    // Paid for good: the next play offers it as paid and takes nothing.
    const { playId: again } = await as(reader).startPlay({ storyId });
    expect((await as(reader).getPlay({ storyId }))?.choices[2]?.state).toBe("paid");
    await choose(reader, storyId, again, "gate", "bribe");
    expect(await balanceOf(reader)).toBe(30);
    const entries = await platform.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, reader.id));
    expect(entries.filter((entry) => entry.kind === "unlock").map((entry) => entry.memo)).toEqual([
      "“The Cave”: Bribe the guard",
    ]);
    await expectLedgerClean();
  });

  it("twenty clicks at once pay once and move the play once", async () => {
    const { storyId } = await cave();
    const { reader, playId } = await started(storyId);
    await grant(reader, 100);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => choose(reader, storyId, playId, "gate", "bribe", BRIBE_PRICE)),
    );
    for (const result of results) {
      // Every click gets the scene the first one reached.
      expect(result.status === "fulfilled" ? result.value : String(result.reason)).toEqual({
        sceneId: "treasure",
      });
    }
    expect(await balanceOf(reader)).toBe(100 - BRIBE_PRICE);
    const purchases = await platform.deps.db
      .select()
      .from(storyChoicePurchases)
      .where(and(eq(storyChoicePurchases.userId, reader.id), eq(storyChoicePurchases.storyId, storyId)));
    expect(purchases).toHaveLength(1);
    await expectLedgerClean();
  });

  it("two different choices at once from the same scene: one moves the play, the other is refused", async () => {
    const { storyId } = await cave();
    const { reader, playId } = await started(storyId);
    await grant(reader, 100);
    const [bribe, leave] = await Promise.allSettled([
      choose(reader, storyId, playId, "gate", "bribe", BRIBE_PRICE),
      choose(reader, storyId, playId, "gate", "leave"),
    ]);
    const moved = [bribe, leave].filter((result) => result.status === "fulfilled");
    expect(moved).toHaveLength(1);
    const [play] = await platform.deps.db.select().from(storyPlays).where(eq(storyPlays.id, playId));
    const paid = bribe.status === "fulfilled";
    expect(play?.sceneId).toBe(paid ? "treasure" : "home");
    expect(await balanceOf(reader)).toBe(paid ? 100 - BRIBE_PRICE : 100);
    await expectLedgerClean();
  });
});

describe("X% of readers chose this", () => {
  it("counts each reader's first pick at a scene, from the twentieth reader on", async () => {
    const { storyId } = await cave();
    const shares: Array<number | null> = [];
    for (let i = 0; i < 20; i++) {
      const { reader, playId } = await started(storyId);
      // 15 walk home and 5 train; the trainer's second visit to the gate does not count again.
      if (i % 4 === 0) {
        await choose(reader, storyId, playId, "gate", "train");
        await choose(reader, storyId, playId, "gate", "train");
      } else {
        await choose(reader, storyId, playId, "gate", "leave");
      }
      shares.push((await as(reader).getPlay({ storyId }))?.lastChoice?.sharePercent ?? null);
    }
    expect(shares.slice(0, 19).every((share) => share === null)).toBe(true);
    expect(shares[19]).toBe(75);
  });
});

describe("live results", () => {
  it("a choice made on one device updates the play shown on another", async () => {
    const { storyId } = await cave();
    const { reader, playId } = await started(storyId);
    const phone = watchLiveRuns(platform, () => callerFor(platform, reader).stories.getPlay({ storyId }));
    const list = watchLiveRuns(platform, () => callerFor(platform, reader).stories.listStories({}));
    await phone.waitForRuns(1);
    await list.waitForRuns(1);
    expect(phone.latest?.scene.id).toBe("gate");
    await choose(reader, storyId, playId, "gate", "leave");
    await phone.waitForRuns(2);
    await list.waitForRuns(2);
    expect(phone.latest?.scene.id).toBe("home");
    expect(list.latest?.items[0]?.progress.status).toBe("finished");
    // Another reader's choice re-runs neither.
    const other = await started(storyId);
    await phone.settle();
    const runs = phone.runs;
    await choose(other.reader, storyId, other.playId, "gate", "leave");
    await phone.settle();
    expect(phone.runs).toBe(runs);
    phone.stop();
    list.stop();
  });
});

describe("limits", () => {
  /** Scenes `from`…`from + count - 1`, each a dead end: what a size limit counts, nothing else. */
  const scenes = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => storyScene(`s${from + i}`, []));

  it("a story holds 5,000 scenes, sent 500 a save; one more is refused, changing nothing", async () => {
    const admin = await createUser(platform, "admin");
    const { storyId } = await as(admin).createStory({ title: "The long road" });
    const perSave = STORY_LIMITS.maxScenesPerSave;
    // The blank start scene counts too: the first save replaces it.
    let revision = (await as(admin).saveStoryDraft({ storyId, baseRevision: 0, deleteSceneIds: ["start"] }))
      .revision;

    const tooMany = await failure(
      as(admin).saveStoryDraft({ storyId, baseRevision: revision, upsertScenes: scenes(0, perSave + 1) }),
    );
    expect(tooMany).toEqual({ code: "BAD_REQUEST", message: "At most 500 scenes a save" });

    for (let from = 0; from < STORY_LIMITS.maxScenes; from += perSave) {
      ({ revision } = await as(admin).saveStoryDraft({
        storyId,
        baseRevision: revision,
        upsertScenes: scenes(from, perSave),
      }));
    }
    const full = (await as(admin).adminListStories({})).find((story) => story.id === storyId);
    expect(full?.sceneCount).toBe(5_000);

    const oneMore = await failure(
      as(admin).saveStoryDraft({
        storyId,
        baseRevision: revision,
        upsertScenes: scenes(STORY_LIMITS.maxScenes, 1),
      }),
    );
    expect(oneMore).toEqual({ code: "BAD_REQUEST", message: "A story can have at most 5,000 scenes." });
    const after = await as(admin).getStoryDraft({ storyId });
    expect(after.revision).toBe(revision);
    expect(after.document.scenes).toHaveLength(5_000);
  });

  it("a scene has at most 12 choices and a story at most 40 stats of its own", async () => {
    const admin = await createUser(platform, "admin");
    const { storyId } = await as(admin).createStory({ title: "Many ways" });
    const choices = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ id: `c${i}`, target: "start" }));
    const stats = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...COURAGE, name: `stat${i}`, label: `Stat ${i}` }));

    const thirteen = await failure(
      as(admin).saveStoryDraft({
        storyId,
        baseRevision: 0,
        upsertScenes: [storyScene("start", choices(STORY_LIMITS.maxChoicesPerScene + 1))],
      }),
    );
    // The choices' own sentence: the input's generic one for a list that is too long.
    expect(thirteen).toEqual({ code: "BAD_REQUEST", message: "At most 12 at a time" });
    const fortyOne = await failure(
      as(admin).saveStoryDraft({ storyId, baseRevision: 0, ownStats: stats(STORY_LIMITS.maxStats + 1) }),
    );
    expect(fortyOne).toEqual({ code: "BAD_REQUEST", message: "At most 40 stats" });
    expect((await as(admin).getStoryDraft({ storyId })).revision).toBe(0);

    const { revision } = await as(admin).saveStoryDraft({
      storyId,
      baseRevision: 0,
      upsertScenes: [storyScene("start", choices(STORY_LIMITS.maxChoicesPerScene))],
      ownStats: stats(STORY_LIMITS.maxStats),
    });
    const draft = await as(admin).getStoryDraft({ storyId });
    expect(draft.revision).toBe(revision);
    expect(draft.document.scenes[0]?.choices).toHaveLength(12);
    expect(draft.document.stats).toHaveLength(40);
  });
});
