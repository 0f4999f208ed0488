// Interactive stories as administrators run them, through the real router: Twine files in and
// out (the samples in fixtures/twine, both formats and story formats), pictures, stat presets, the
// dashboard and the funnel; and a play followed live over two WebSocket connections.

import { readFileSync } from "node:fs";
import path from "node:path";
import { SCENE_CARD_SIZE } from "@litverse/shared/stories/story-layout";
import { STORY_LIMITS } from "@litverse/shared/stories/story-model";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ZodError } from "zod";
import { REPO_ROOT } from "../../core/config.ts";
import { queryRows } from "../../core/db/client.ts";
import { fieldErrorsOf } from "../../rpc/trpc.ts";
import { phonePhoto, uploadFile } from "../../test/people.ts";
import { COURAGE, caveStory, publishedStory } from "../../test/stories.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { connectWs, startTestServer, type TestServer, watchLive } from "../../test/test-server.ts";
import { signedInAs } from "../../test/tokens.ts";
import { stories, storyPlays } from "./schema.ts";
import { storiesRouter } from "./stories.router.ts";

let platform: TestPlatform;
let server: TestServer;
beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
});
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user).stories;
const fixture = (name: string) => readFileSync(path.join(REPO_ROOT, "fixtures/twine", name));
const storyCount = async () =>
  (await platform.deps.db.select({ n: sql<number>`count(*)::int` }).from(stories))[0]?.n;

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code: code ?? "?", message };
  }
  throw new Error("expected the call to fail");
}

async function importFixture(admin: TestUser, name: string) {
  const uploadId = await uploadFile(platform, admin, fixture(name), name);
  return as(admin).importTwine({ uploadId });
}

describe("Twine import", () => {
  it.each([["lantern-sugarcube.twee"], ["lantern-sugarcube.html"]])(
    "reads the SugarCube sample (%s): scenes, links, stats, conditions, endings and positions",
    async (file) => {
      const admin = await createUser(platform, "admin");
      const { storyId, warnings } = await importFixture(admin, file);
      const draft = await as(admin).getStoryDraft({ storyId });
      expect(draft.title).toBe("The Lantern Keeper");
      const scenes = draft.document.scenes;
      expect(scenes.map((scene) => scene.title)).toEqual([
        "Lighthouse Door",
        "Rocks",
        "Stairwell",
        "Lamp Room",
        "Beacon",
        "Darkness",
      ]);
      expect(draft.document.startSceneId).toBe("lighthouse-door");
      expect(draft.document.stats.map((stat) => [stat.name, stat.label, stat.kind, stat.default])).toEqual([
        ["oil", "Oil", "number", 2],
        ["hasKey", "Has key", "boolean", false],
      ]);
      const byTitle = (title: string) => scenes.find((scene) => scene.title === title);
      expect(byTitle("Lamp Room")?.choices.map((c) => [c.label, c.target, c.condition])).toEqual([
        ["Light the lamp", "beacon", "oil >= 2"],
        ["Light it anyway", "darkness", "oil < 2"],
      ]);
      expect(byTitle("Rocks")?.effects).toEqual(["hasKey = true", "oil += 1"]);
      expect(byTitle("Beacon")?.ending).toEqual({ name: "Beacon" });
      // Twine's 100 px passages at (300, 300), spread out to our larger cards, none on another.
      expect(byTitle("Rocks")?.position).toEqual({ x: 624, y: 422 });
      for (const a of scenes)
        for (const b of scenes) {
          if (a === b) continue;
          const apart =
            Math.abs(a.position.x - b.position.x) >= SCENE_CARD_SIZE.width ||
            Math.abs(a.position.y - b.position.y) >= SCENE_CARD_SIZE.height;
          expect(apart, `${a.title} and ${b.title} overlap`).toBe(true);
        }
      // What could not be translated stays in the scene, and is listed.
      expect(byTitle("Stairwell")?.warnings.join(" ")).toContain("<<script>>");
      expect(warnings.join("\n")).toContain('Passage "Stairwell"');
      // The import is a story that can be published and played at once.
      expect(await as(admin).publishStory({ storyId })).toEqual({ versionNumber: 1 });
    },
  );

  it("reads the Harlowe sample in both files the same way", async () => {
    const admin = await createUser(platform, "admin");
    const fromTwee = await importFixture(admin, "harbour-harlowe.twee");
    const fromHtml = await importFixture(admin, "harbour-harlowe.html");
    const twee = await as(admin).getStoryDraft({ storyId: fromTwee.storyId });
    const html = await as(admin).getStoryDraft({ storyId: fromHtml.storyId });
    expect(twee.title).toBe("Harbour Lights");
    expect(html.document.scenes).toEqual(twee.document.scenes);
    expect(html.document.stats).toEqual(twee.document.stats);
    const office = twee.document.scenes.find((scene) => scene.title === "Office");
    expect(office?.choices.map((c) => c.condition)).toEqual([
      "coins >= 4 and not ticket",
      "not (coins >= 4 and not ticket)",
    ]);
  });

  it("lays out passages that have no position", async () => {
    const admin = await createUser(platform, "admin");
    const text = [
      ":: StoryTitle\nNo map",
      ':: StoryData\n{"format":"SugarCube","start":"A"}',
      ":: A\n[[B]] [[C]]",
      ":: B\n[[D]]",
      ":: C\n[[D]]",
      ":: D\nThe end.",
    ].join("\n\n");
    const uploadId = await uploadFile(platform, admin, Buffer.from(text), "no-map.twee");
    const { storyId, warnings } = await as(admin).importTwine({ uploadId });
    expect(warnings).toContain("4 passage(s) had no place on the map and were laid out automatically");
    const scenes = (await as(admin).getStoryDraft({ storyId })).document.scenes;
    const y = (id: string) => scenes.find((scene) => scene.id === id)?.position.y ?? Number.NaN;
    expect(y("a")).toBeLessThan(y("b"));
    expect(y("b")).toBe(y("c"));
    expect(y("c")).toBeLessThan(y("d"));
    const xs = new Set(scenes.map((scene) => `${scene.position.x},${scene.position.y}`));
    expect(xs.size).toBe(4);
  });

  it("lays out a larger map in a worker thread", async () => {
    const admin = await createUser(platform, "admin");
    const count = 120;
    const passages = Array.from({ length: count }, (_, i) =>
      i + 1 < count ? `:: P${i}\n[[P${i + 1}]] [[P${Math.min(count - 1, i + 3)}]]` : `:: P${i}\nThe end.`,
    );
    const text = [':: StoryData\n{"format":"SugarCube","start":"P0"}', ...passages].join("\n\n");
    const uploadId = await uploadFile(platform, admin, Buffer.from(text), "long.twee");
    const { storyId } = await as(admin).importTwine({ uploadId });
    const scenes = (await as(admin).getStoryDraft({ storyId })).document.scenes;
    const y = (id: string) => scenes.find((scene) => scene.id === id)?.position.y ?? Number.NaN;
    expect(y("p0")).toBeLessThan(y("p1"));
    expect(y("p1")).toBeLessThan(y("p119"));
    expect(new Set(scenes.map((scene) => `${scene.position.x},${scene.position.y}`)).size).toBe(count);
  });

  it("refuses bad and hostile files with a clear message, creating nothing", async () => {
    const admin = await createUser(platform, "admin");
    const cases: Array<[string, Buffer, string]> = [
      ["notes.twee", Buffer.from("Just some words."), "This is not a Twee file"],
      ["story.pdf", Buffer.from("%PDF-1.4"), "Send a Twee file"],
      ["story.twee", Buffer.from([0xff, 0xfe, 0x00, 0x41]), "not UTF-8 text"],
      ["story.html", Buffer.from("<html><body>No story here</body></html>"), ""],
      ["big.twee", Buffer.alloc(5 * 1024 * 1024 + 10, "a"), "larger than 5 MB"],
      [
        "dup.twee",
        Buffer.from(':: StoryData\n{"start":"A"}\n\n:: A\nx\n\n:: A\ny'),
        "Two passages are named",
      ],
    ];
    for (const [name, data, message] of cases) {
      const uploadId = await uploadFile(platform, admin, data, name);
      const refusal = await failure(as(admin).importTwine({ uploadId }));
      expect(refusal.code, name).toBe("BAD_REQUEST");
      expect(refusal.message, name).toContain(message);
      // The upload is used up either way.
      expect(await codeOf(as(admin).importTwine({ uploadId }))).toBe("NOT_FOUND");
    }
    expect(await storyCount()).toBe(0);
    // Someone else's upload is not there for this admin.
    const other = await createUser(platform, "admin");
    const uploadId = await uploadFile(platform, other, fixture("lantern-sugarcube.twee"), "l.twee");
    expect(await codeOf(as(admin).importTwine({ uploadId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(await createUser(platform)).importTwine({ uploadId }))).toBe("FORBIDDEN");
  });
});

describe("Twine export", () => {
  it.each(["twee", "html"] as const)("writes %s that reads back as the same story", async (format) => {
    const admin = await createUser(platform, "admin");
    const storyId = await publishedStory(platform, admin, caveStory(), "The Cave");
    const exported = await as(admin).exportStory({ storyId, format });
    expect(exported.fileName).toBe(`the-cave.${format}`);
    const macros =
      format === "twee"
        ? [
            "<<set $courage to 1>>",
            "<<if $courage >= 2>>[[Enter the cave->dragon]]<</if>>",
            "[[Train|gate][$courage += 1]]",
          ]
        : [
            "&lt;&lt;set $courage to 1&gt;&gt;",
            "&lt;&lt;if $courage &gt;= 2&gt;&gt;",
            "[[Train|gate][$courage += 1]]",
          ];
    for (const macro of macros) expect(exported.text).toContain(macro);
    const uploadId = await uploadFile(platform, admin, Buffer.from(exported.text), exported.fileName);
    const back = await as(admin).importTwine({ uploadId });
    const original = (await as(admin).getStoryDraft({ storyId })).document;
    const again = (await as(admin).getStoryDraft({ storyId: back.storyId })).document;
    const shape = (doc: typeof original) =>
      doc.scenes.map((scene) => ({
        title: scene.title,
        text: scene.text,
        // Twine has no ending names: an ending comes back named after its passage.
        isEnding: scene.ending !== null,
        effects: scene.effects,
        position: scene.position,
        choices: scene.choices.map((c) => ({
          label: c.label,
          target: doc.scenes.find((s) => s.id === c.target)?.title,
          condition: c.condition,
          effects: c.effects,
        })),
      }));
    expect(shape(again)).toEqual(shape(original));
    expect(again.stats.map((stat) => [stat.name, stat.kind, stat.default])).toEqual([
      ["courage", "number", 1],
    ]);
    expect(again.startSceneId).toBe("gate");
  });
});

describe("pictures", () => {
  it("scene pictures and covers are re-encoded and served; other files are refused", async () => {
    const admin = await createUser(platform, "admin");
    const { storyId } = await as(admin).createStory({ title: "Pictures" });
    const uploadId = await uploadFile(platform, admin, await phonePhoto(2400, 1800));
    const { url } = await as(admin).uploadSceneImage({ storyId, uploadId });
    expect(url).toMatch(new RegExp(`^/media/story-images/${storyId}/[0-9a-f]{16}\\.webp$`));
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1200, 1600, undefined]);
    // The picture can go in a scene of this story.
    const draft = await as(admin).getStoryDraft({ storyId });
    const start = { ...(draft.document.scenes[0] as (typeof draft.document.scenes)[number]), image: url };
    await as(admin).saveStoryDraft({ storyId, baseRevision: 0, upsertScenes: [start] });

    const cover = await uploadFile(platform, admin, await phonePhoto());
    await as(admin).updateStoryDetails({
      id: storyId,
      data: { coverUploadId: cover, description: "A test." },
    });
    const coverImage = (await as(admin).getStoryDraft({ storyId })).coverImage;
    expect(coverImage).toMatch(/^\/media\/story-covers\//);
    expect((await fetch(`${server.url}${coverImage}`)).status).toBe(200);

    const text = await uploadFile(platform, admin, Buffer.from("not a picture"), "notes.txt");
    expect(await failure(as(admin).uploadSceneImage({ storyId, uploadId: text }))).toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await codeOf(as(admin).updateStoryDetails({ id: storyId, data: {} }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(admin).updateStoryDetails({ id: storyId, data: { ageRating: 17 as 16 } }))).toBe(
      "BAD_REQUEST",
    );
  });
});

describe("stat presets", () => {
  const gold = {
    name: "gold",
    label: "Gold",
    kind: "number" as const,
    min: 0,
    max: null,
    default: 10,
    visible: true,
  };

  it("are created, attached (preset's stats first), changed, and deleted only when unused", async () => {
    const admin = await createUser(platform, "admin");
    const { id } = await as(admin).createStatPreset({
      name: "Adventurer",
      description: "Gold to spend",
      stats: [gold],
    });
    expect(await failure(as(admin).createStatPreset({ name: "adventurer", stats: [] }))).toEqual({
      code: "CONFLICT",
      message: "There is already a preset named “adventurer”.",
    });
    const { storyId } = await as(admin).createStory({ title: "With gold", statPresetId: id });
    await as(admin).saveStoryDraft({ storyId, baseRevision: 0, ownStats: [COURAGE] });
    let draft = await as(admin).getStoryDraft({ storyId });
    expect(draft.presetStats).toEqual([gold]);
    expect(draft.document.stats.map((stat) => stat.name)).toEqual(["gold", "courage"]);
    expect((await as(admin).listStatPresets())[0]).toMatchObject({ id, name: "Adventurer", storyCount: 1 });

    // Changing the preset's stats changes the draft (its revision moves on).
    await as(admin).updateStatPreset({ id, data: { stats: [{ ...gold, default: 20 }] } });
    draft = await as(admin).getStoryDraft({ storyId });
    expect(draft.revision).toBe(2);
    expect(draft.document.stats[0]?.default).toBe(20);

    expect(await failure(as(admin).deleteStatPreset({ id }))).toEqual({
      code: "CONFLICT",
      message: "This preset is used by 1 story. Detach it from them first.",
    });
    await as(admin).updateStoryDetails({ id: storyId, data: { statPresetId: null } });
    await as(admin).deleteStatPreset({ id });
    expect(await as(admin).listStatPresets()).toEqual([]);
    expect(await codeOf(as(admin).deleteStatPreset({ id }))).toBe("NOT_FOUND");
    expect(await codeOf(as(admin).createStory({ title: "Gone", statPresetId: id }))).toBe("NOT_FOUND");
  });

  it("report each bad stat on its field, and only administrators manage them", async () => {
    const admin = await createUser(platform, "admin");
    const reader = await createUser(platform);
    try {
      await as(admin).createStatPreset({
        name: "Broken",
        stats: [
          gold,
          { ...gold, label: "Again" },
          { ...gold, name: "hp", min: 5, max: 1 },
          { ...gold, name: "flag", kind: "boolean", default: 3 },
        ],
      });
      throw new Error("accepted");
    } catch (error) {
      // What the web app receives as data.fieldErrors.
      expect(fieldErrorsOf((error as { cause: ZodError }).cause)).toMatchObject({
        "stats.1.name": ["Another stat is already named “gold”"],
        "stats.2.max": ["The maximum is below the minimum"],
        "stats.3.default": ["A true/false stat starts as true or false"],
        "stats.3.min": ["A true/false stat has no minimum"],
      });
    }
    expect(await as(admin).listStatPresets()).toEqual([]);
    expect(await codeOf(as(reader).listStatPresets())).toBe("FORBIDDEN");
    expect(await codeOf(as(reader).createStatPreset({ name: "Mine", stats: [] }))).toBe("FORBIDDEN");
  });
});

describe("figures", () => {
  it("the dashboard counts plays, players, completions and endings; the funnel follows readers", async () => {
    const admin = await createUser(platform, "admin");
    const storyId = await publishedStory(platform, admin, caveStory());
    await as(admin).createStory({ title: "Draft only" });
    const play = async (moves: string[]) => {
      const reader = await createUser(platform);
      const { playId } = await as(reader).startPlay({ storyId });
      for (const move of moves)
        await as(reader).chooseChoice({ storyId, playId, sceneId: "gate", choiceId: move });
      return reader;
    };
    await play(["leave"]);
    await play(["train", "enter"]);
    const quitter = await play(["train"]);
    await play([]);
    // The quitter comes back and restarts: a second play, still no ending.
    await as(quitter).startPlay({ storyId });

    const today = new Date().toISOString().slice(0, 10);
    const dashboard = await as(admin).getStoriesDashboard({ from: today, to: today });
    expect(dashboard).toEqual({
      byStatus: { draft: 1, published: 1, archived: 0 },
      plays: 5,
      players: 4,
      completionRate: 2 / 5,
      endingsReached: 2,
      playsByDay: [{ day: today, plays: 5, completions: 2 }],
      stories: [{ id: storyId, title: "The Cave", plays: 5, completionRate: 2 / 5 }],
    });
    const week = await as(admin).getStoriesDashboard({ from: "2026-01-01", to: "2026-01-07" });
    expect(week.playsByDay.map((day) => day.plays)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(week.completionRate).toBeNull();
    expect(await codeOf(as(admin).getStoriesDashboard({ from: today, to: "2020-01-01" }))).toBe(
      "BAD_REQUEST",
    );

    expect((await as(admin).adminListStories({})).map((row) => [row.title, row.plays])).toEqual([
      ["Draft only", 0],
      ["The Cave", 5],
    ]);

    const funnel = await as(admin).getStoryFunnel({ storyId });
    expect(funnel.versionNumber).toBe(1);
    expect(
      funnel.scenes.map((scene) => [scene.sceneId, scene.readers, scene.dropOff, scene.isEnding]),
    ).toEqual([
      ["gate", 4, 2, false],
      ["dragon", 1, 0, true],
      ["treasure", 0, 0, true],
      ["home", 1, 0, true],
    ]);
    expect(funnel.scenes[0]?.choices).toEqual([
      { choiceId: "enter", label: "Enter the cave", picks: 0, share: 0 },
      { choiceId: "train", label: "Train", picks: 2, share: 2 / 3 },
      { choiceId: "bribe", label: "Bribe the guard", picks: 0, share: 0 },
      { choiceId: "leave", label: "Walk home", picks: 1, share: 1 / 3 },
    ]);
    const reader = await createUser(platform);
    expect(await codeOf(as(reader).getStoryFunnel({ storyId }))).toBe("FORBIDDEN");
    expect(await codeOf(as(reader).getStoriesDashboard({ from: today, to: today }))).toBe("FORBIDDEN");
    expect(await codeOf(as(admin).getStoryFunnel({ storyId: crypto.randomUUID() }))).toBe("NOT_FOUND");
  });
});

describe("live over WebSocket", () => {
  it("a choice made on one connection updates getPlay on another", async () => {
    const admin = await createUser(platform, "admin");
    const storyId = await publishedStory(platform, admin, caveStory());
    const reader = await signedInAs(platform, "user");
    const phone = connectWs(server.wsUrl, reader.token);
    const laptop = connectWs(server.wsUrl, reader.token);
    try {
      const { playId } = await laptop.client.stories.startPlay.mutate({ storyId });
      const watched = watchLive<{ scene: { id: string }; stats: Array<{ value: number }> } | null>(
        phone.client,
        "stories.getPlay",
        { storyId },
      );
      await watched.waitFor(1);
      expect(watched.values.at(-1)?.scene.id).toBe("gate");
      await laptop.client.stories.chooseChoice.mutate({
        storyId,
        playId,
        sceneId: "gate",
        choiceId: "train",
      });
      await watched.waitFor(2);
      expect(watched.values.at(-1)?.stats[0]?.value).toBe(2);
      await laptop.client.stories.chooseChoice.mutate({
        storyId,
        playId,
        sceneId: "gate",
        choiceId: "leave",
      });
      await watched.waitFor(3);
      expect(watched.values.at(-1)?.scene.id).toBe("home");
      watched.stop();
      const [row] = await platform.deps.db
        .select({ sceneId: storyPlays.sceneId })
        .from(storyPlays)
        .where(and(eq(storyPlays.id, playId), eq(storyPlays.isCurrent, true)));
      expect(row?.sceneId).toBe("home");
    } finally {
      await phone.close();
      await laptop.close();
    }
  });
});

describe("bad input to every function", () => {
  it("is refused with BAD_REQUEST and changes nothing", async () => {
    const admin = await createUser(platform, "admin");
    const storyId = await publishedStory(platform, admin, caveStory());
    const reader = await createUser(platform);
    const { playId } = await as(reader).startPlay({ storyId });
    const snapshot = () =>
      queryRows(
        platform.deps.db,
        sql`select
          (select count(*) from stories)::int as stories, (select max(revision) from stories)::int as revision,
          (select count(*) from story_plays)::int as plays, (select count(*) from story_saves)::int as saves,
          (select count(*) from story_versions)::int as versions, (select count(*) from stat_presets)::int as presets,
          (select count(*) from story_ratings)::int as ratings, (select string_agg(scene_id, ',') from story_plays)::text as scenes`,
      );
    const before = await snapshot();
    const bad = "not-a-uuid";
    const calls: Array<[string, () => Promise<unknown>]> = [
      ["listStories", () => as(reader).listStories({ cursor: "bm90LWEtY3Vyc29y" })],
      ["getStory", () => as(reader).getStory({ storyId: bad })],
      ["getPlay", () => as(reader).getPlay({ storyId: bad })],
      ["startPlay", () => as(reader).startPlay({ storyId: bad })],
      [
        "chooseChoice",
        () =>
          as(reader).chooseChoice({
            storyId,
            playId,
            sceneId: "gate",
            choiceId: "leave",
            expectedPriceCoins: -1,
          }),
      ],
      ["saveToSlot", () => as(reader).saveToSlot({ storyId, slot: 0 })],
      ["loadSlot", () => as(reader).loadSlot({ storyId, slot: 1.5 })],
      ["deleteSlot", () => as(reader).deleteSlot({ storyId: bad, slot: 1 })],
      ["switchToNewestVersion", () => as(reader).switchToNewestVersion({ storyId: bad })],
      ["rateStory", () => as(reader).rateStory({ storyId, score: 0 })],
      ["adminListStories", () => as(admin).adminListStories({ status: "deleted" as "draft" })],
      ["createStory", () => as(admin).createStory({ title: "   " })],
      ["getStoryDraft", () => as(admin).getStoryDraft({ storyId: bad })],
      ["saveStoryDraft", () => as(admin).saveStoryDraft({ storyId, baseRevision: -1 })],
      [
        "updateStoryDetails",
        () => as(admin).updateStoryDetails({ id: storyId, data: { title: "x".repeat(121) } }),
      ],
      ["uploadSceneImage", () => as(admin).uploadSceneImage({ storyId, uploadId: bad })],
      ["publishStory", () => as(admin).publishStory({ storyId: bad })],
      ["archiveStory", () => as(admin).archiveStory({ storyId: bad })],
      ["restoreStory", () => as(admin).restoreStory({ storyId: bad })],
      ["deleteStory", () => as(admin).deleteStory({ storyId: bad })],
      ["importTwine", () => as(admin).importTwine({ uploadId: bad })],
      ["exportStory", () => as(admin).exportStory({ storyId, format: "pdf" as "twee" })],
      ["getStoriesDashboard", () => as(admin).getStoriesDashboard({ from: "yesterday", to: "today" })],
      ["getStoryFunnel", () => as(admin).getStoryFunnel({ storyId: bad })],
      ["createStatPreset", () => as(admin).createStatPreset({ name: "", stats: [] })],
      ["updateStatPreset", () => as(admin).updateStatPreset({ id: crypto.randomUUID(), data: {} })],
      ["deleteStatPreset", () => as(admin).deleteStatPreset({ id: bad })],
    ];
    // Every function that takes input is here.
    const router = Object.keys(storiesRouter._def.procedures).filter(
      (name) => name !== "listStoryGenres" && name !== "listStatPresets",
    );
    expect(calls.map(([name]) => name).sort()).toEqual(router.sort());
    for (const [name, call] of calls) {
      const refusal = await failure(call());
      expect(refusal.code, name).toBe("BAD_REQUEST");
      expect(refusal.message.length, name).toBeGreaterThan(0);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("live lists and figures", () => {
  it("the admin list, the presets, the funnel and the dashboard follow the changes they show", async () => {
    const admin = await createUser(platform, "admin");
    const storyId = await publishedStory(platform, admin, caveStory());
    const today = new Date().toISOString().slice(0, 10);
    const list = watchLiveRuns(platform, () => callerFor(platform, admin).stories.adminListStories({}));
    const presets = watchLiveRuns(platform, () => callerFor(platform, admin).stories.listStatPresets());
    const funnel = watchLiveRuns(platform, () =>
      callerFor(platform, admin).stories.getStoryFunnel({ storyId }),
    );
    const dashboard = watchLiveRuns(platform, () =>
      callerFor(platform, admin).stories.getStoriesDashboard({ from: today, to: today }),
    );
    for (const probe of [list, presets, funnel, dashboard]) await probe.waitForRuns(1);

    await as(admin).createStory({ title: "Second" });
    await list.waitForRuns(2);
    expect(list.latest?.map((row) => row.title).sort()).toEqual(["Second", "The Cave"]);
    await as(admin).createStatPreset({ name: "Hero", stats: [COURAGE] });
    await presets.waitForRuns(2);
    expect(presets.latest?.map((preset) => preset.name)).toEqual(["Hero"]);

    const reader = await createUser(platform);
    const { playId } = await as(reader).startPlay({ storyId });
    await as(reader).chooseChoice({ storyId, playId, sceneId: "gate", choiceId: "leave" });
    await funnel.settle();
    await dashboard.settle();
    expect(funnel.latest?.scenes.find((scene) => scene.sceneId === "home")?.readers).toBe(1);
    expect(dashboard.latest?.plays).toBe(1);
    expect(dashboard.latest?.completionRate).toBe(1);
    for (const probe of [list, presets, funnel, dashboard]) probe.stop();
  });
});

describe("limits of a Twine import", () => {
  it("refuses a file of more passages than a story has scenes, creating nothing", async () => {
    const admin = await createUser(platform, "admin");
    const passages = Array.from({ length: STORY_LIMITS.maxScenes + 1 }, (_, i) => `:: P${i}\nOn.\n`);
    const twee = `:: StoryTitle\nToo long\n\n:: StoryData\n{"format":"SugarCube","start":"P0"}\n\n${passages.join("\n")}`;
    const uploadId = await uploadFile(platform, admin, Buffer.from(twee), "long.twee");
    expect(await failure(as(admin).importTwine({ uploadId }))).toEqual({
      code: "BAD_REQUEST",
      message: "The story has more than 5000 passages, the most that can be imported.",
    });
    expect(await storyCount()).toBe(0);
  });
});
