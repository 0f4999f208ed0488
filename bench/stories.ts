// `npm run bench:stories`: interactive stories at size, on PGlite and PostgreSQL, in the server's
// process. A 2,000-scene story is saved as the editor saves it (500 scenes a call), opened
// (getStoryDraft), published, and played by 1,000 readers: "choice → next scene" is chooseChoice
// followed by the getPlay that shows the next scene (target p95 ≤ 100 ms), timed one reader at a
// time and with readers choosing at once. Prints markdown and writes bench/results/stories.json.
// `--help` lists the flags.
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { STORY_LIMITS } from "@litverse/shared/stories/story-model";
import { sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../apps/server/src/auth/identity.ts";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import type { ServiceDeps, Viewer } from "../apps/server/src/core/service-deps.ts";
import { chooseChoice } from "../apps/server/src/modules/stories/story-choices.service.ts";
import {
  createStory,
  getStoryDraft,
  publishStory,
  saveStoryDraft,
} from "../apps/server/src/modules/stories/story-drafts.service.ts";
import { getPlay, startPlay } from "../apps/server/src/modules/stories/story-play.service.ts";
import { largeStory } from "../apps/server/src/test/stories.ts";
import { type Distribution, databasesOf, distribution, progressLog, timeCalls } from "./harness.ts";
import { openBenchPlatform } from "./platform.ts";

const USAGE = `Usage: npm run bench:stories -- [options]
  --db pglite|postgres|both   databases (default both)
  --scenes 2000               scenes in the story (default 2000)
  --readers 1000              readers playing it (default 1000)
  --rounds 3                  timed choices per reader, one reader at a time (default 3)
  --lanes 10                  readers choosing at once in the concurrent round (default 10)
  --saves 5                   whole-story saves timed (default 5)
  --runs 30                   timed getStoryDraft calls and autosaves (default 30)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the temporary PostgreSQL database.`;

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    scenes: { type: "string", default: "2000" },
    readers: { type: "string", default: "1000" },
    rounds: { type: "string", default: "3" },
    lanes: { type: "string", default: "10" },
    saves: { type: "string", default: "5" },
    runs: { type: "string", default: "30" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const databases = databasesOf(values.db);
const sceneCount = Number(values.scenes);
const readerCount = Number(values.readers);
const rounds = Number(values.rounds);
const lanes = Number(values.lanes);
const saves = Number(values.saves);
const runs = Number(values.runs);
const CHOICE_TARGET_MS = 100;
const OPEN_TARGET_MS = 2_000;

const log = progressLog();
const story = largeStory(sceneCount);

/** The whole story saved into a new draft as the editor saves it; returns the story's id. */
async function saveWhole(deps: ServiceDeps, admin: Viewer, perCall: number[]): Promise<string> {
  const { storyId } = await createStory(deps, admin, { title: "The Long Road" });
  let revision = 0;
  for (let i = 0; i < story.scenes.length; i += STORY_LIMITS.maxScenesPerSave) {
    const started = performance.now();
    ({ revision } = await saveStoryDraft(deps, {
      storyId,
      baseRevision: revision,
      upsertScenes: story.scenes.slice(i, i + STORY_LIMITS.maxScenesPerSave),
      deleteSceneIds: i === 0 ? ["start"] : [],
      ...(i === 0 ? { startSceneId: story.startSceneId, ownStats: story.stats } : {}),
    }));
    perCall.push(performance.now() - started);
  }
  return storyId;
}

/** Readers choosing "Go on" (always open) then reading the next scene, `count` times each. */
async function playRounds(
  deps: ServiceDeps,
  storyId: string,
  readers: Array<{ viewer: Viewer; playId: string; sceneId: string }>,
  count: number,
  concurrency: number,
): Promise<Distribution> {
  const samples: number[] = [];
  for (let round = 0; round < count; round++) {
    let next = 0;
    const lane = async () => {
      while (next < readers.length) {
        const reader = readers[next++];
        if (!reader) return;
        const started = performance.now();
        const { sceneId } = await chooseChoice(deps, reader.viewer, {
          storyId,
          playId: reader.playId,
          sceneId: reader.sceneId,
          choiceId: `${reader.sceneId}-on`,
        });
        const play = await getPlay(deps, reader.viewer, storyId);
        samples.push(performance.now() - started);
        if (play?.scene.id !== sceneId) throw new Error("the next scene did not show");
        reader.sceneId = sceneId;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
  }
  return distribution(samples);
}

async function benchOn(database: string): Promise<Record<string, Distribution>> {
  const bench = await openBenchPlatform(database);
  try {
    const { deps } = bench.platform;
    const { db } = deps;
    const [adminRow] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (issuer, subject, email, name, role, age)
          values (${EMBEDDED_ISSUER_KEY}, 'story-admin', 'story-admin@bench.invalid', 'Author', 'admin', 18)
          returning id`,
    );
    const admin: Viewer = { id: adminRow?.id as string, role: "admin", age: 18 };

    log(`${database}: saving ${saves} drafts of ${sceneCount} scenes`);
    const perCall: number[] = [];
    const whole: number[] = [];
    let storyId = "";
    for (let run = 0; run < saves; run++) {
      const started = performance.now();
      storyId = await saveWhole(deps, admin, perCall);
      whole.push(performance.now() - started);
    }
    await db.execute(sql`analyze`);
    log(`${database}: opening and autosaving the draft`);
    const open = await timeCalls(runs, () => getStoryDraft(deps, storyId), 3);
    // An autosave of 20 changed scenes, on the revision it was based on.
    let revision = (await getStoryDraft(deps, storyId)).revision;
    const autosave = await timeCalls(
      runs,
      async (index) => {
        const changed = story.scenes
          .slice(index * 20, index * 20 + 20)
          .map((scene) => ({ ...scene, text: `${scene.text} (edit ${index})` }));
        ({ revision } = await saveStoryDraft(deps, {
          storyId,
          baseRevision: revision,
          upsertScenes: changed,
          deleteSceneIds: [],
        }));
      },
      0,
    );
    let started = performance.now();
    await publishStory(deps, admin, storyId);
    const publish = distribution([performance.now() - started]);

    log(`${database}: ${readerCount} readers start playing`);
    const people = await queryRows<{ id: string }>(
      db,
      sql`insert into users (issuer, subject, email, name, role, age)
          select ${EMBEDDED_ISSUER_KEY}, 'story-' || g, 'story-' || g || '@bench.invalid', 'Reader ' || g, 'user', 18
          from generate_series(1, ${readerCount}::int) g
          returning id`,
    );
    const readers: Array<{ viewer: Viewer; playId: string; sceneId: string }> = [];
    const starts: number[] = [];
    for (const person of people) {
      const viewer: Viewer = { id: person.id, role: "user", age: 18 };
      started = performance.now();
      const { playId } = await startPlay(deps, viewer, storyId);
      starts.push(performance.now() - started);
      readers.push({ viewer, playId, sceneId: story.startSceneId });
    }
    // Readers spread along the road first, so that they choose at different scenes.
    log(`${database}: readers spread out`);
    for (const [index, reader] of readers.entries()) {
      for (let step = 0; step < index % 6; step++) {
        const { sceneId } = await chooseChoice(deps, reader.viewer, {
          storyId,
          playId: reader.playId,
          sceneId: reader.sceneId,
          choiceId: `${reader.sceneId}-on`,
        });
        reader.sceneId = sceneId;
      }
    }
    await db.execute(sql`analyze`);
    log(`${database}: timing ${rounds} choices each, one reader at a time`);
    const choice = await playRounds(deps, storyId, readers, rounds, 1);
    log(`${database}: timing a round with ${lanes} readers choosing at once`);
    const busy = await playRounds(deps, storyId, readers, 1, lanes);
    return {
      saveWhole: distribution(whole),
      savePart: distribution(perCall),
      autosave,
      open,
      publish,
      start: distribution(starts),
      choice,
      busy,
    };
  } finally {
    await bench.close();
  }
}

const LABELS: Record<string, string> = {
  saveWhole: `Save a draft of ${sceneCount.toLocaleString("en")} scenes (${Math.ceil(sceneCount / STORY_LIMITS.maxScenesPerSave)} calls)`,
  savePart: `One save call of ${STORY_LIMITS.maxScenesPerSave} scenes`,
  autosave: "Autosave of 20 changed scenes",
  open: `getStoryDraft of ${sceneCount.toLocaleString("en")} scenes`,
  publish: `Publish ${sceneCount.toLocaleString("en")} scenes`,
  start: "startPlay",
  choice: "Choice → next scene (chooseChoice + getPlay)",
  busy: `Choice → next scene, ${lanes} readers at once`,
};

const results: Record<string, Record<string, Distribution>> = {};
const lines = [
  `A story of ${sceneCount.toLocaleString("en")} scenes, ${readerCount.toLocaleString("en")} readers; ms in the server's process.`,
  "",
  "| Database | Measure | runs | p50 | p95 | p99 | max |",
  "| --- | --- | --- | --- | --- | --- | --- |",
];
const failures: string[] = [];
for (const database of databases) {
  const measured = await benchOn(database);
  results[database] = measured;
  for (const [key, d] of Object.entries(measured)) {
    lines.push(`| ${database} | ${LABELS[key]} | ${d.count} | ${d.p50} | ${d.p95} | ${d.p99} | ${d.max} |`);
  }
  // PGlite runs one statement at a time, so readers choosing at once there wait in line: the
  // target holds for one reader at a time on both, and under concurrency on PostgreSQL.
  for (const key of database === "postgres" ? ["choice", "busy"] : ["choice"]) {
    const p95 = measured[key]?.p95 ?? Number.NaN;
    if (!(p95 <= CHOICE_TARGET_MS))
      failures.push(`${database}: ${LABELS[key]} p95 ${p95} ms > ${CHOICE_TARGET_MS} ms`);
  }
  const open = measured.open?.p95 ?? Number.NaN;
  if (!(open <= OPEN_TARGET_MS))
    failures.push(`${database}: ${LABELS.open} p95 ${open} ms > ${OPEN_TARGET_MS} ms`);
}
lines.push(
  "",
  failures.length
    ? `Missed targets:\n${failures.map((line) => `- ${line}`).join("\n")}`
    : `Choice → next scene within ${CHOICE_TARGET_MS} ms at p95; the draft opens within ${OPEN_TARGET_MS} ms.`,
);
console.log(lines.join("\n"));
const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(
  `${resultsDir}stories.json`,
  `${JSON.stringify({ sceneCount, readerCount, rounds, lanes, results }, null, 2)}\n`,
);
process.exit(failures.length > 0 ? 1 : 0);
