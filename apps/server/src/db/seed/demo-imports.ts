// The fixture files (fixtures/: three EPUB books, a CBZ comic, an M4B audiobook, a drama episode
// with subtitles) imported through the real importers as demo titles, with the details the files
// do not carry. Their audio and video also give the demo audiobooks and dramas something to play.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Age } from "@litverse/shared/constants";
import type { AccessType, ContentType, ReleaseStatus } from "@litverse/shared/content";
import { and, asc, eq } from "drizzle-orm";
import { REPO_ROOT } from "../../config.ts";
import type { NewEpisode } from "../../modules/content/add-episodes.ts";
import { updateContent } from "../../modules/content/content.service.ts";
import { episodeMediaKey, type StoredEpisodePayload } from "../../modules/content/episode-payload.ts";
import { runImport } from "../../modules/imports/imports.service.ts";
import type { ServiceDeps } from "../../rpc/context.ts";
import { content, episodes } from "../schema/index.ts";
import type { EngagementPlan } from "./demo-engagement.ts";

export const FIXTURES_DIR = path.join(REPO_ROOT, "fixtures");

interface DemoFixture {
  /** Names the title in demo lists, like the slugs of the other demo titles. */
  key: string;
  /** Paths under fixtures/. */
  files: string[];
  contentType: ContentType;
  /** The title the importer reads from the files. */
  title: string;
  author?: string;
  description?: string;
  genres: string[];
  tags: string[];
  accessType?: AccessType;
  ageRating?: Age;
  releaseStatus?: ReleaseStatus;
  publishedDaysAgo: number;
  popularity: number;
  rating: number;
}

export const DEMO_FIXTURES: readonly DemoFixture[] = [
  {
    key: "moby-dick",
    files: ["books/moby-dick.epub"],
    contentType: "book",
    title: "Moby-Dick",
    description:
      "Captain Ahab hunts the white whale across every ocean, and Ishmael signs on for the voyage. The complete novel, chapter by chapter.",
    genres: ["adventure", "classics"],
    tags: ["whaling", "sea", "obsession"],
    releaseStatus: "completed",
    publishedDaysAgo: 90,
    popularity: 0.6,
    rating: 4.3,
  },
  {
    key: "childrens-literature",
    files: ["books/childrens-literature.epub"],
    contentType: "book",
    title: "Children's Literature",
    description: "A 1920 textbook anthology of stories, poems and fables for teachers and young readers.",
    genres: ["non-fiction", "children"],
    tags: ["anthology", "teaching"],
    releaseStatus: "completed",
    publishedDaysAgo: 300,
    popularity: 0.05,
    rating: 4.5,
  },
  {
    key: "the-waste-land",
    files: ["books/wasteland.epub"],
    contentType: "book",
    title: "The Waste Land",
    description:
      "T. S. Eliot's 1922 poem in five parts, from the burial of the dead to what the thunder said.",
    genres: ["poetry", "classics"],
    tags: ["modernism"],
    ageRating: 16,
    releaseStatus: "completed",
    publishedDaysAgo: 5,
    popularity: 0.25,
    rating: 4.1,
  },
  {
    key: "page-blanche",
    files: ["comics/page-blanche.cbz"],
    contentType: "comic",
    title: "Page Blanche",
    author: "Boulet, Pénélope Bagieu",
    description:
      "Une jeune femme se réveille sur un banc sans aucun souvenir, et part à la recherche de sa vie.",
    genres: ["drama", "mystery"],
    tags: ["bande dessinée", "amnesia"],
    accessType: "premium",
    publishedDaysAgo: 10,
    popularity: 0.35,
    rating: 4.8,
  },
  {
    key: "moby-dick-narrated",
    files: ["audio/moby-dick-excerpt.m4b"],
    contentType: "audiobook",
    title: "Moby-Dick",
    description:
      "The first three chapters of Moby-Dick, narrated: Loomings, The Carpet-Bag and The Spouter-Inn.",
    genres: ["classics", "adventure"],
    tags: ["narrated", "excerpt"],
    releaseStatus: "completed",
    publishedDaysAgo: 3,
    popularity: 0.4,
    rating: 3.9,
  },
  {
    key: "the-harbour",
    files: ["video/drama-ep1.mp4", "video/drama-ep1.en.vtt"],
    contentType: "drama",
    title: "The Harbour",
    author: "Litverse Studio",
    description:
      "A short vertical drama: a night at the harbour, a message that should never have been sent.",
    genres: ["drama", "mystery"],
    tags: ["vertical", "subtitled"],
    publishedDaysAgo: 2,
    popularity: 0.3,
    rating: 4.0,
  },
];

/** Episodes whose files other demo titles reuse: the fixtures' narration and video. */
export interface FixtureMedia {
  audio: NewEpisode[];
  video: NewEpisode[];
}

const DAY_MS = 86_400_000;

/** Imports the fixtures missing (by title and type) and returns every fixture title's id by its key. */
export async function seedDemoImports(deps: ServiceDeps): Promise<{
  added: number;
  ids: Map<string, string>;
  media: FixtureMedia;
  engagement: EngagementPlan[];
}> {
  const ids = new Map<string, string>();
  const engagement: EngagementPlan[] = [];
  let added = 0;
  for (const fixture of DEMO_FIXTURES) {
    const [existing] = await deps.db
      .select({ id: content.id })
      .from(content)
      .where(and(eq(content.title, fixture.title), eq(content.contentType, fixture.contentType)))
      .limit(1);
    let contentId = existing?.id;
    if (!contentId) {
      const upload = await deps.media.uploads.fromLocalFiles(
        "demo-seed",
        fixture.files.map((file) => path.join(FIXTURES_DIR, file)),
      );
      const result = await runImport(
        deps,
        { uploadId: upload.id, type: fixture.contentType, contentId: null, publish: true, fileNames: [] },
        null,
      );
      contentId = result.contentId;
      await updateContent(deps, contentId, {
        ...(fixture.author ? { author: fixture.author } : {}),
        ...(fixture.description ? { description: fixture.description } : {}),
        genres: fixture.genres,
        tags: fixture.tags,
        accessType: fixture.accessType ?? "free",
        ageRating: fixture.ageRating ?? 13,
        releaseStatus: fixture.releaseStatus ?? "ongoing",
        publishedAt: new Date(Date.now() - fixture.publishedDaysAgo * DAY_MS),
      });
      added++;
    }
    ids.set(fixture.key, contentId);
    engagement.push({ contentId, ...fixture });
  }
  return {
    added,
    ids,
    engagement,
    media: {
      audio: await episodeFiles(deps, ids.get("moby-dick-narrated")),
      video: await episodeFiles(deps, ids.get("the-harbour")),
    },
  };
}

/** The episodes of an imported fixture title, with their files read back, to copy into other titles. */
async function episodeFiles(deps: ServiceDeps, titleId: string | undefined): Promise<NewEpisode[]> {
  if (!titleId) return [];
  const rows = await deps.db
    .select({ id: episodes.id, title: episodes.title, payload: episodes.payload })
    .from(episodes)
    .where(eq(episodes.contentId, titleId))
    .orderBy(asc(episodes.number));
  const result: NewEpisode[] = [];
  for (const row of rows) {
    const payload = row.payload as StoredEpisodePayload;
    const names =
      payload.kind === "audio"
        ? [payload.file]
        : payload.kind === "video"
          ? [
              payload.file,
              ...(payload.poster ? [payload.poster] : []),
              ...payload.subtitles.map((track) => track.file),
            ]
          : [];
    const files: Record<string, Uint8Array> = {};
    for (const name of names) {
      files[name] = await readFile(deps.media.storage.resolve(episodeMediaKey(row.id, name)));
    }
    result.push({ title: row.title, payload, files });
  }
  return result;
}
