// The demo's interactive stories, made the way an author makes them: the two Twine samples in
// fixtures/twine imported through the real importer, tidied in the editor's way (what the importer
// could not translate rewritten, a stat preset attached, a premium choice added), published, and
// played by the demo personas through the play service, so that the dashboard, the funnel and
// "X% of readers chose this" show figures computed from real plays.
//
// For the browser journey: "The Lantern Keeper" (stats, a condition and a premium choice). From
// the start: "Search the rocks" (finds the key: Rusted key, +1 Lamp oil, +1 Resolve), "Back to the
// door", "Try the door", "Unlock the lamp room" (needs the key), then either "Light the lamp"
// (needs Lamp oil 2 or more; ending "The beacon") or "Fit the brass wick", a premium choice of
// LANTERN_WICK_PRICE coins (ending "The brightest light"). The demo reader has no play of it; they
// are mid-way through "Harbour Lights".
import path from "node:path";
import type { StoryScene, StoryStat } from "@litverse/shared/stories/story-model";
import { and, eq, inArray, sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import { REPO_ROOT } from "../../core/config.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { DEMO_PERSONA_ISSUER } from "../users/index.ts";
import { users } from "../users/schema.ts";
import {
  statPresets,
  stories,
  storyChoicePicks,
  storyEndingsFound,
  storyPlays,
  storyReaders,
  storySceneVisits,
} from "./schema.ts";
import { createStatPreset } from "./stat-presets.service.ts";
import { chooseChoice } from "./story-choices.service.ts";
import { getStoryDraft, publishStory, saveStoryDraft, updateStoryDetails } from "./story-drafts.service.ts";
import { startPlay } from "./story-play.service.ts";
import { importTwine } from "./story-twine.service.ts";

/** The repository's fixture files, whose Twine samples the stories import. */
const FIXTURES_DIR = path.join(REPO_ROOT, "fixtures");

export const LANTERN_TITLE = "The Lantern Keeper";
export const HARBOUR_TITLE = "Harbour Lights";
export const LANTERN_WICK_PRICE = 30;
export const DEMO_PRESET_NAME = "Explorer";

const RESOLVE: StoryStat = {
  name: "resolve",
  label: "Resolve",
  kind: "number",
  min: 0,
  max: 5,
  default: 1,
  visible: true,
};

/** Scene texts as the author rewrote them after the import, where the import kept Twine markup. */
const LANTERN_TEXTS: Record<string, string> = {
  "lighthouse-door":
    "Rain hammers the cliff. The lighthouse door is shut, and the lamp above is dark.\n\nOut at sea, a ship's lantern blinks, too close to the rocks.",
  rocks: "Between two rocks you find a **rusted key** and a can of lamp oil. Your hands stop shaking.",
  stairwell: "The stairs spiral up into the dark. At the top, a door with a heavy lock.",
  "lamp-room": "The great lens waits, dusty and cold. You pour in what oil you have.",
  beacon: "The beam sweeps the sea. Far out, the ship turns for harbour.",
  darkness: "The flame sputters and dies. You wait for morning, and listen.",
};

const HARBOUR_TEXTS: Record<string, string> = {
  quay: "Gulls wheel over the quay. The ferry leaves at dusk, and you have a few coins.",
  office: "The clerk eyes your purse. The clock reads a quarter past four.",
  bought: "You pocket the ticket.",
  market: "Stalls of fish and rope. A woman sells you an apple for a smile.",
  ferry: "The ferry pulls away from the lights. The harbour shrinks to a string of lamps.",
};

async function adminId(deps: ServiceDeps): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, "admin@demo.test")));
  return row?.id;
}

async function importFixture(deps: ServiceDeps, admin: Viewer, file: string): Promise<string> {
  const upload = await deps.media.uploads.fromLocalFiles(admin.id, [path.join(FIXTURES_DIR, "twine", file)]);
  return (await importTwine(deps, admin, upload.id)).storyId;
}

/** Rewrites the scenes' texts, clears the import's warnings, and applies `change` to each scene. */
async function tidy(
  deps: ServiceDeps,
  storyId: string,
  texts: Record<string, string>,
  change: (scene: StoryScene) => StoryScene = (scene) => scene,
  extra: { scenes?: StoryScene[]; ownStats?: (stats: StoryStat[]) => StoryStat[] } = {},
): Promise<void> {
  const draft = await getStoryDraft(deps, storyId);
  const scenes = draft.document.scenes.map((scene) =>
    change({ ...scene, text: texts[scene.id] ?? scene.text, warnings: [] }),
  );
  await saveStoryDraft(deps, {
    storyId,
    baseRevision: draft.revision,
    upsertScenes: [...scenes, ...(extra.scenes ?? [])],
    deleteSceneIds: [],
    ...(extra.ownStats ? { ownStats: extra.ownStats(draft.ownStats) } : {}),
  });
}

async function makeLantern(deps: ServiceDeps, admin: Viewer, presetId: string): Promise<string> {
  const storyId = await importFixture(deps, admin, "lantern-sugarcube.twee");
  await updateStoryDetails(deps, admin, {
    id: storyId,
    data: {
      description:
        "A storm, a dark lighthouse and a ship too close to the rocks. Find the key and light the lamp.",
      genre: "mystery",
      ageRating: 13,
      statPresetId: presetId,
    },
  });
  const wick: StoryScene = {
    id: "brass-wick",
    title: "Brass wick",
    text: "The new wick takes the flame at once. The light reaches further than it ever has.",
    image: null,
    position: { x: 900, y: 350 },
    effects: [],
    ending: { name: "The brightest light" },
    choices: [],
    warnings: [],
  };
  await tidy(
    deps,
    storyId,
    LANTERN_TEXTS,
    (scene) => {
      if (scene.id === "rocks") return { ...scene, effects: [...scene.effects, "resolve += 1"] };
      if (scene.id === "beacon") return { ...scene, ending: { name: "The beacon" } };
      if (scene.id === "darkness") return { ...scene, ending: { name: "Darkness" } };
      if (scene.id === "lamp-room") {
        return {
          ...scene,
          choices: [
            ...scene.choices,
            {
              id: "wick",
              label: "Fit the brass wick",
              target: wick.id,
              condition: null,
              effects: [],
              priceCoins: LANTERN_WICK_PRICE,
            },
          ],
        };
      }
      return scene;
    },
    {
      scenes: [wick],
      ownStats: (stats) =>
        stats.map((stat) =>
          stat.name === "oil"
            ? { ...stat, label: "Lamp oil", min: 0, max: 5 }
            : stat.name === "hasKey"
              ? { ...stat, label: "Rusted key" }
              : stat,
        ),
    },
  );
  await publishStory(deps, admin, storyId);
  return storyId;
}

async function makeHarbour(deps: ServiceDeps, admin: Viewer): Promise<string> {
  const storyId = await importFixture(deps, admin, "harbour-harlowe.twee");
  await updateStoryDetails(deps, admin, {
    id: storyId,
    data: {
      description: "A harbour town at dusk, a ferry to catch and four coins to do it with.",
      genre: "adventure",
      ageRating: 13,
    },
  });
  await tidy(deps, storyId, HARBOUR_TEXTS, (scene) => {
    // The ferry takes only ticket holders: the condition moves onto the choice, and the crossing
    // becomes the ending it always meant to be.
    if (scene.id === "ferry") return { ...scene, choices: [], ending: { name: "Across the water" } };
    if (scene.id === "quay") {
      return {
        ...scene,
        choices: scene.choices.map((choice) =>
          choice.target === "ferry" ? { ...choice, condition: "ticket" } : choice,
        ),
      };
    }
    return scene;
  });
  await publishStory(deps, admin, storyId);
  return storyId;
}

/** Paths through a story, as choice labels from the start. */
const LANTERN_PATHS: string[][] = [
  ["Search the rocks", "Back to the door", "Try the door", "Unlock the lamp room", "Light the lamp"],
  ["Try the door"],
  ["Search the rocks"],
  ["Search the rocks", "Back to the door", "Try the door"],
  [],
];
/** How many personas take each path above: 20 choose at the door, so its shares show. */
const LANTERN_WALKERS = [8, 5, 4, 3, 2];
const HARBOUR_PATHS: string[][] = [
  ["Ticket office", "Buy a ticket", "Back to the quay", "Board the ferry"],
  ["Walk to the market", "Quay", "Ticket office"],
  ["Ticket office"],
];
const HARBOUR_WALKERS = [4, 2, 2];

/** Each scene's choices by label, and the start: enough to play a path of labels. */
async function choicesByLabel(deps: ServiceDeps, storyId: string) {
  const { document } = await getStoryDraft(deps, storyId);
  const choices = new Map(
    document.scenes.map((scene) => [
      scene.id,
      new Map(scene.choices.map((choice) => [choice.label, choice.id])),
    ]),
  );
  return { start: document.startSceneId as string, choices };
}
type StoryMap = Awaited<ReturnType<typeof choicesByLabel>>;

/** Plays `labels` from the start as `reader`, through the play service. */
async function walk(deps: ServiceDeps, reader: Viewer, storyId: string, map: StoryMap, labels: string[]) {
  const { playId } = await startPlay(deps, reader, storyId);
  let sceneId = map.start;
  for (const label of labels) {
    const choiceId = map.choices.get(sceneId)?.get(label);
    if (!choiceId) throw new Error(`The demo path has no “${label}” at ${sceneId}`);
    ({ sceneId } = await chooseChoice(deps, reader, { storyId, playId, sceneId, choiceId }));
  }
}

/**
 * Plays by the personas, spread over the last two weeks: each persona's play, the scenes it
 * reached, its picks and endings are dated as if it had played that many days ago.
 */
async function personaPlays(
  deps: ServiceDeps,
  storyId: string,
  paths: string[][],
  walkers: number[],
  personas: string[],
) {
  const map = await choicesByLabel(deps, storyId);
  let next = 0;
  for (const [index, labels] of paths.entries()) {
    for (let n = 0; n < (walkers[index] ?? 0); n++) {
      const id = personas[next++ % personas.length] as string;
      await walk(deps, { id, role: "user", age: 18 }, storyId, map, labels);
    }
  }
  const daysAgo = sql`(('x' || substr(md5(user_id::text), 1, 4))::bit(16)::int % 14) * interval '1 day'`;
  for (const table of [storyPlays, storySceneVisits, storyChoicePicks, storyEndingsFound]) {
    await deps.db.execute(
      sql`update ${table} set created_at = created_at - ${daysAgo} where story_id = ${storyId} and user_id in (select id from ${users} where issuer = ${DEMO_PERSONA_ISSUER})`,
    );
  }
  await deps.db.execute(
    sql`update ${storyPlays} set finished_at = finished_at - ${daysAgo}, updated_at = updated_at - ${daysAgo}
        where story_id = ${storyId} and finished_at is not null
          and user_id in (select id from ${users} where issuer = ${DEMO_PERSONA_ISSUER})`,
  );
  await deps.db.execute(
    sql`update ${storyReaders} set finished_at = finished_at - ${daysAgo}
        where story_id = ${storyId} and finished_at is not null
          and user_id in (select id from ${users} where issuer = ${DEMO_PERSONA_ISSUER})`,
  );
}

/** The stories, the preset and the plays, unless the stories are there already. Returns what it added. */
export async function seedDemoStories(deps: ServiceDeps): Promise<number> {
  const existing = await deps.db
    .select({ id: stories.id })
    .from(stories)
    .where(inArray(stories.title, [LANTERN_TITLE, HARBOUR_TITLE]))
    .limit(1);
  const id = await adminId(deps);
  if (existing.length > 0 || !id) return 0;
  const admin: Viewer = { id, role: "admin", age: 18 };

  const [preset] = await deps.db
    .select({ id: statPresets.id })
    .from(statPresets)
    .where(eq(statPresets.name, DEMO_PRESET_NAME));
  const presetId =
    preset?.id ??
    (
      await createStatPreset(deps, {
        name: DEMO_PRESET_NAME,
        description: "What every explorer carries: resolve, which grows with what they dare.",
        stats: [RESOLVE],
      })
    ).id;
  const lantern = await makeLantern(deps, admin, presetId);
  const harbour = await makeHarbour(deps, admin);

  const personas = (
    await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.issuer, DEMO_PERSONA_ISSUER))
      .orderBy(users.subject)
  ).map((row) => row.id);
  if (personas.length > 0) {
    await personaPlays(deps, lantern, LANTERN_PATHS, LANTERN_WALKERS, personas);
    // Other personas for the second story, so that the two audiences overlap only in part.
    await personaPlays(deps, harbour, HARBOUR_PATHS, HARBOUR_WALKERS, [...personas].reverse());
  }
  // The demo reader is mid-way through the harbour story (and has not opened the lighthouse).
  const [reader] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, "reader@demo.test")));
  if (reader) {
    const map = await choicesByLabel(deps, harbour);
    await walk(deps, { id: reader.id, role: "user", age: 18 }, harbour, map, ["Walk to the market"]);
  }
  return 3 + personas.length;
}
