// Demo reels: a dozen short videos trailing demo titles, cut with ffmpeg from the demo drama's
// video and made from the demo audiobooks' covers with a few seconds of the narration, some
// official (by the demo admin), the others by demo readers. Each goes through the reels' own
// processing (the conversion and publishing a real upload gets). Then demo readers watch, like,
// comment and share through the reels' services, on a timeline over the last days, so that the feed
// and the analytics have something true to show. The watchers are the reader's friends, who earn XP
// this week anyway (the rewards' demo): a reel watched earns XP, and anyone else would join the
// reader's league group.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ReelEventKind, ReelWatchEvent } from "@litverse/shared/reels";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import sharp from "sharp";
import { REPO_ROOT } from "../../core/config.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { FFMPEG_BASE, runTool } from "../../media/import/media-tools.ts";
import { content, episodes } from "../content/schema.ts";
import { DEMO_TITLES, randomFrom, renderDemoCover } from "../content-admin/index.ts";
import { DEMO_REWARDS } from "../rewards/index.ts";
import { DEMO_PERSONA_ISSUER } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { addComment } from "./comments.service.ts";
import { setReelLike, shareReel } from "./engagement.service.ts";
import { processReel } from "./reel-processing.ts";
import { reels } from "./schema.ts";
import { recordWatchEvents } from "./watch-events.service.ts";

/** The repository's fixture files, which the demo catalogue imports too. */
const FIXTURES_DIR = path.join(REPO_ROOT, "fixtures");
const DRAMA_CLIP = path.join(FIXTURES_DIR, "video/drama-ep1.mp4");
const NARRATION = path.join(FIXTURES_DIR, "audio/moby-dick-excerpt.m4b");
/** Demo reels are small, and not smooth: the seed stays quick. */
const WIDTH = 270;
const HEIGHT = 480;
const FRAME_RATE = 12;
/** A still picture with narration needs few frames. */
const COVER_FRAME_RATE = 4;
const HOUR_MS = 3_600_000;
const TOOL_RUN = { timeoutMs: 120_000, signal: undefined };

type DramaLook = "plain" | "mono" | "warm" | "mirror" | "zoom";

export interface DemoReel {
  /** Stays with the reel (as its source name, `demo:<key>`), so that seeding again skips it. */
  key: string;
  /** The demo title it trails (DEMO_TITLES), or null for none. */
  slug: string | null;
  /** Links to this episode of the title rather than the title. */
  episode?: number;
  source:
    | { kind: "drama"; from: number; seconds: number; look: DramaLook }
    | { kind: "cover"; cover: string; narrationFrom: number; seconds: number };
  /** By the demo admin, for the platform; otherwise by the demo reader with this number. */
  official: boolean;
  persona?: number;
  caption: string;
  publishedHoursAgo: number;
  /** 0 to 1: how many of the demo's active readers come across it. */
  reach: number;
}

/** Trails episode 5 of Two Houses, which costs coins: locked for the demo reader. */
export const DEMO_LOCKED_REEL_KEY = "two-houses-the-ball";

export const DEMO_REELS: readonly DemoReel[] = [
  {
    key: DEMO_LOCKED_REEL_KEY,
    slug: "two-houses",
    episode: 5,
    source: { kind: "drama", from: 0, seconds: 6, look: "plain" },
    official: true,
    caption: "Two families, one feud, and the night of the ball. Episode 5 of Two Houses.",
    publishedHoursAgo: 30,
    reach: 1,
  },
  {
    key: "island-fortune-escape",
    slug: "the-island-fortune",
    source: { kind: "drama", from: 2, seconds: 6, look: "zoom" },
    official: true,
    caption: "Fourteen years in a cell. One night to escape. The Island Fortune.",
    publishedHoursAgo: 52,
    reach: 0.9,
  },
  {
    key: "green-light-summer-party",
    slug: "green-light-summer",
    source: { kind: "drama", from: 1, seconds: 6, look: "warm" },
    official: true,
    caption: "The parties never end on the bay. Green Light Summer, for VVIP members.",
    publishedHoursAgo: 75,
    reach: 0.6,
  },
  {
    key: "guest-who-sleeps-castle",
    slug: "the-guest-who-sleeps-all-day",
    source: { kind: "drama", from: 3, seconds: 5, look: "mono" },
    official: false,
    persona: 4,
    caption: "That castle gives me chills every time 🦇 #gothic",
    publishedHoursAgo: 20,
    reach: 0.5,
  },
  {
    key: "two-houses-fan-edit",
    slug: "two-houses",
    episode: 1,
    source: { kind: "drama", from: 2, seconds: 6, look: "mono" },
    official: false,
    persona: 1,
    caption: "Black and white suits them. Start from episode 1, trust me.",
    publishedHoursAgo: 9,
    reach: 0.75,
  },
  {
    key: "island-fortune-recap",
    slug: "the-island-fortune",
    episode: 1,
    source: { kind: "drama", from: 0, seconds: 5, look: "mirror" },
    official: false,
    persona: 7,
    caption: "Recap of the first episode in five seconds. Revenge incoming.",
    publishedHoursAgo: 100,
    reach: 0.4,
  },
  {
    key: "behind-the-scenes",
    slug: null,
    source: { kind: "drama", from: 4, seconds: 4, look: "plain" },
    official: false,
    persona: 12,
    caption: "Rainy evening, good drama, no plans. What are you watching?",
    publishedHoursAgo: 4,
    reach: 0.3,
  },
  {
    key: "iris-vane-first-case",
    slug: "the-casebook-of-iris-vane",
    source: { kind: "cover", cover: "the-casebook-of-iris-vane", narrationFrom: 0, seconds: 8 },
    official: true,
    caption: "Twelve cases, one detective, a bookshop full of secrets. Listen to The Casebook of Iris Vane.",
    publishedHoursAgo: 40,
    reach: 0.8,
  },
  {
    key: "down-the-well-listen",
    slug: "down-the-well",
    source: { kind: "cover", cover: "down-the-well", narrationFrom: 20, seconds: 7 },
    official: true,
    caption: "Follow the hurrying hare. Down the Well, a new chapter every Monday.",
    publishedHoursAgo: 60,
    reach: 0.6,
  },
  {
    key: "clockmakers-voyage-listen",
    slug: "the-clockmakers-voyage",
    source: { kind: "cover", cover: "the-clockmakers-voyage", narrationFrom: 40, seconds: 6 },
    official: true,
    caption: "A thousand centuries ahead. The Clockmaker's Voyage, for Premium members.",
    publishedHoursAgo: 120,
    reach: 0.4,
  },
  {
    key: "salt-map-commute",
    slug: "the-salt-map",
    source: { kind: "cover", cover: "the-salt-map", narrationFrom: 60, seconds: 8 },
    official: false,
    persona: 9,
    caption: "My commute audiobook this week. The cook with the wooden leg is the best.",
    publishedHoursAgo: 14,
    reach: 0.5,
  },
  {
    key: "sleepwalk-city-night",
    slug: "sleepwalk-city",
    source: { kind: "cover", cover: "sleepwalk-city", narrationFrom: 80, seconds: 6 },
    official: false,
    persona: 15,
    caption: "Falling asleep to this one every night 🌙",
    publishedHoursAgo: 26,
    reach: 0.4,
  },
];

const COMMENTS = [
  "Okay I need the next episode now",
  "The music in this!",
  "Who else is watching at 2 a.m.?",
  "This is the best part",
  "Adding it to my library",
  "I did not see that coming",
  "Better than the book? Discuss.",
];

const LOOKS: Record<DramaLook, string> = {
  plain: "",
  mono: ",hue=s=0",
  warm: ",colorbalance=rs=0.15:gs=0.05:bs=-0.12",
  mirror: ",hflip",
  zoom: `,crop=iw*0.8:ih*0.8,scale=${WIDTH}:${HEIGHT}`,
};

/**
 * Writes the originals of these reels (as their creators would upload them) into `work`, in two
 * ffmpeg runs: every cut of the drama from one reading of it, every cover with its narration in
 * the other. Returns each reel's file by key.
 */
async function makeSources(demos: readonly DemoReel[], work: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const encode = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"];
  const cuts = demos.flatMap((demo) => (demo.source.kind === "drama" ? [{ demo, source: demo.source }] : []));
  if (cuts.length > 0) {
    const filters = [
      `[0:v]split=${cuts.length}${cuts.map((_, index) => `[v${index}]`).join("")}`,
      `[0:a]asplit=${cuts.length}${cuts.map((_, index) => `[a${index}]`).join("")}`,
      ...cuts.flatMap(({ source }, index) => {
        const end = source.from + source.seconds;
        return [
          `[v${index}]trim=${source.from}:${end},setpts=PTS-STARTPTS,scale=${WIDTH}:${HEIGHT}${LOOKS[source.look]},fps=${FRAME_RATE}[ov${index}]`,
          `[a${index}]atrim=${source.from}:${end},asetpts=PTS-STARTPTS[oa${index}]`,
        ];
      }),
    ];
    const outputs = cuts.flatMap(({ demo }, index) => {
      const target = path.join(work, `${demo.key}.mp4`);
      files.set(demo.key, target);
      return ["-map", `[ov${index}]`, "-map", `[oa${index}]`, ...encode, target];
    });
    await runTool(
      "ffmpeg",
      [...FFMPEG_BASE, "-i", DRAMA_CLIP, "-filter_complex", filters.join(";"), ...outputs],
      TOOL_RUN,
    );
  }

  const covers = demos.flatMap((demo) =>
    demo.source.kind === "cover" ? [{ demo, source: demo.source }] : [],
  );
  if (covers.length === 0) return files;
  const inputs: string[] = [];
  const filters = [
    `[${covers.length}:a]asplit=${covers.length}${covers.map((_, index) => `[a${index}]`).join("")}`,
  ];
  const outputs: string[] = [];
  for (const [index, { demo, source }] of covers.entries()) {
    const title = DEMO_TITLES.find((item) => item.slug === source.cover);
    if (!title) throw new Error(`no demo title ${source.cover}`);
    const cover = path.join(work, `${demo.key}.png`);
    await writeFile(
      cover,
      await sharp(Buffer.from(renderDemoCover(title)))
        .resize(WIDTH, Math.round((WIDTH * 3) / 2))
        .png()
        .toBuffer(),
    );
    inputs.push(
      "-loop",
      "1",
      "-framerate",
      String(COVER_FRAME_RATE),
      "-t",
      String(source.seconds),
      "-i",
      cover,
    );
    const end = source.narrationFrom + source.seconds;
    filters.push(
      `[${index}:v]pad=${WIDTH}:${HEIGHT}:0:(oh-ih)/2:color=${title.colors[0]},format=yuv420p[ov${index}]`,
      `[a${index}]atrim=${source.narrationFrom}:${end},asetpts=PTS-STARTPTS[oa${index}]`,
    );
    const target = path.join(work, `${demo.key}.mp4`);
    files.set(demo.key, target);
    outputs.push("-map", `[ov${index}]`, "-map", `[oa${index}]`, ...encode, "-tune", "stillimage", target);
  }
  await runTool(
    "ffmpeg",
    [...FFMPEG_BASE, ...inputs, "-i", NARRATION, "-filter_complex", filters.join(";"), ...outputs],
    TOOL_RUN,
  );
  return files;
}

async function idsOf(deps: ServiceDeps) {
  const [admin] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, "admin@demo.test"), eq(users.role, "admin")));
  const personas = await deps.db
    .select({ id: users.id, age: users.age, handle: users.handle })
    .from(users)
    .where(eq(users.issuer, DEMO_PERSONA_ISSUER))
    .orderBy(asc(users.subject));
  const active = new Set(DEMO_REWARDS.map((person) => person.handle));
  const watchers = personas.filter((persona) => persona.handle !== null && active.has(persona.handle));
  return { adminId: admin?.id ?? null, personas, watchers };
}

/** The demo title of a reel, and the episode it links to. */
async function linkOf(deps: ServiceDeps, reel: DemoReel) {
  const demo = DEMO_TITLES.find((title) => title.slug === reel.slug);
  if (!demo) return { linkContentId: null, linkEpisodeId: null };
  const [title] = await deps.db
    .select({ id: content.id })
    .from(content)
    .where(and(eq(content.title, demo.title), eq(content.contentType, demo.contentType)));
  if (!title) return null;
  const [episode] = reel.episode
    ? await deps.db
        .select({ id: episodes.id })
        .from(episodes)
        .where(and(eq(episodes.contentId, title.id), eq(episodes.number, reel.episode)))
    : [];
  return { linkContentId: title.id, linkEpisodeId: episode?.id ?? null };
}

/**
 * Adds the demo reels that are missing, through the reels' processing, and the demo readers'
 * watching and reactions to the new ones. Needs the demo catalogue and its readers; returns how
 * many reels were added.
 */
export async function seedDemoReels(deps: ServiceDeps): Promise<number> {
  const { adminId, personas, watchers } = await idsOf(deps);
  if (!adminId || personas.length === 0) return 0;
  const existing = new Set(
    (
      await deps.db
        .select({ sourceName: reels.sourceName })
        .from(reels)
        .where(like(reels.sourceName, "demo:%"))
    ).map((row) => row.sourceName),
  );
  const missing: Array<{
    demo: DemoReel;
    link: NonNullable<Awaited<ReturnType<typeof linkOf>>>;
    creatorId: string;
  }> = [];
  for (const demo of DEMO_REELS) {
    if (existing.has(`demo:${demo.key}`)) continue;
    const link = await linkOf(deps, demo);
    const creatorId = demo.official ? adminId : personas[demo.persona ?? 0]?.id;
    if (link && creatorId) missing.push({ demo, link, creatorId });
  }
  if (missing.length === 0) return 0;
  const work = await mkdtemp(path.join(os.tmpdir(), "litverse-demo-reels-"));
  const made: Array<{ demo: DemoReel; reelId: string; creatorId: string }> = [];
  try {
    const originals = await makeSources(
      missing.map((item) => item.demo),
      work,
    );
    for (const { demo, link, creatorId } of missing) {
      const original = originals.get(demo.key);
      if (!original) continue;
      const reelId = crypto.randomUUID();
      await deps.media.reelUploads.putSource(reelId, original);
      await deps.db.insert(reels).values({
        id: reelId,
        creatorId,
        caption: demo.caption,
        ...link,
        isOfficial: demo.official,
        sourceName: `demo:${demo.key}`,
      });
      made.push({ demo, reelId, creatorId });
    }
    // Converted two at a time, as two server processes would.
    const queue = [...made];
    const convert = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await processReel(deps, next.reelId);
        // Published when the demo says, for the feed's freshness.
        await deps.db
          .update(reels)
          .set({ publishedAt: new Date(Date.now() - next.demo.publishedHoursAgo * HOUR_MS) })
          .where(and(eq(reels.id, next.reelId), eq(reels.status, "published")));
      }
    };
    await Promise.all([convert(), convert()]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  await seedDemoReelActivity(deps, made, watchers);
  return made.length;
}

interface PlannedSession {
  viewer: Viewer;
  reelId: string;
  sessionId: string;
  at: number;
  /** What the demo reader plays before moving on, in milliseconds. */
  playedMs: number;
  durationMs: number;
}

/**
 * The demo readers who come across each new reel: each watches a while (some skip, some watch to
 * the end, a few twice round), and some like, comment or share. Their watching is recorded by the
 * reels' own rules, in time order, as their players would have sent it.
 */
async function seedDemoReelActivity(
  deps: ServiceDeps,
  made: Array<{ demo: DemoReel; reelId: string; creatorId: string }>,
  personas: Array<{ id: string; age: number | null }>,
): Promise<void> {
  if (made.length === 0) return;
  const rows = await deps.db
    .select({ id: reels.id, durationMs: reels.durationMs, status: reels.status })
    .from(reels)
    .where(
      inArray(
        reels.id,
        made.map((item) => item.reelId),
      ),
    );
  const durations = new Map(
    rows.flatMap((row) => (row.status === "published" ? [[row.id, row.durationMs ?? 0]] : [])),
  );
  const sessions: PlannedSession[] = [];
  const reactions: Array<() => Promise<unknown>> = [];
  const now = Date.now();
  for (const { demo, reelId, creatorId } of made) {
    const durationMs = durations.get(reelId);
    if (!durationMs) continue;
    const random = randomFrom(demo.key);
    const viewers = personas
      .filter((persona) => persona.id !== creatorId)
      .sort(() => random() - 0.5)
      .slice(0, Math.max(2, Math.round(demo.reach * personas.length)));
    if (viewers.length === 0) continue;
    const since = Math.min(demo.publishedHoursAgo * HOUR_MS, 6 * 24 * HOUR_MS);
    for (const persona of viewers) {
      const roll = random();
      // A third skip, most watch part of it, a fifth to the end, a few round again.
      const playedMs =
        roll < 0.3
          ? Math.round(500 + random() * 2_000)
          : roll < 0.8
            ? Math.round(3_000 + random() * Math.max(0, durationMs - 3_500))
            : Math.round(durationMs * (random() < 0.3 ? 2 : 1));
      const viewer: Viewer = { id: persona.id, role: "user", age: (persona.age as Viewer["age"]) ?? 18 };
      sessions.push({
        viewer,
        reelId,
        sessionId: crypto.randomUUID(),
        at: now - since + Math.round(random() * (since - 60_000)),
        playedMs,
        durationMs,
      });
      if (playedMs >= 3_000 && random() < 0.45) reactions.push(() => setReelLike(deps, viewer, reelId, true));
      if (playedMs >= durationMs && random() < 0.35) {
        const text = COMMENTS[Math.floor(random() * COMMENTS.length)] ?? "Love this";
        reactions.push(() => addComment(deps, viewer, { reelId, text, parentId: null }));
      }
      if (playedMs >= durationMs && random() < 0.15)
        reactions.push(() => shareReel(deps, viewer, reelId, "copy"));
    }
  }
  sessions.sort((a, b) => a.at - b.at);
  for (const watch of sessions) {
    const event = (seq: number, kind: ReelEventKind, playedMs: number, at: number): ReelWatchEvent => ({
      reelId: watch.reelId,
      seq,
      kind,
      playedMs,
      positionMs: playedMs % watch.durationMs,
      at: new Date(at).toISOString(),
    });
    const send = (events: ReelWatchEvent[], at: number) =>
      recordWatchEvents(deps, watch.viewer, { sessionId: watch.sessionId, events }, new Date(at));
    const end = watch.at + watch.playedMs;
    await send([event(0, "play", 0, watch.at)], watch.at);
    await send(
      [
        event(1, watch.playedMs >= watch.durationMs ? "end" : "progress", watch.playedMs, end),
        event(2, "leave", watch.playedMs, end + 100),
      ],
      end + 100,
    );
  }
  for (const react of reactions) await react();
}
