// The fixture files (fixtures/: three EPUB books, a CBZ comic, an M4B audiobook, a drama episode
// with subtitles) imported as demo titles through the import jobs an admin's upload starts, with
// the details the files do not carry. Their audio and video also give the demo audiobooks and
// dramas something to play.
import path from "node:path";
import type { Age } from "@litverse/shared/constants";
import type { AccessType, ContentType, ReleaseStatus } from "@litverse/shared/content";
import { and, asc, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { EMBEDDED_ISSUER_KEY } from "../../../auth/identity.ts";
import { REPO_ROOT } from "../../../core/config.ts";
import { jobs } from "../../../core/db/schema.ts";
import { enqueueJob, type JobHandler, JobRunner } from "../../../core/jobs/job-queue.ts";
import type { ServiceDeps } from "../../../core/service-deps.ts";
import {
  episodeMediaKey,
  type NewEpisode,
  type StoredEpisodePayload,
  updateContent,
} from "../../content/index.ts";
import { content, episodes } from "../../content/schema.ts";
import { users } from "../../users/schema.ts";
import type { CommitResult } from "../imports/commit-import.ts";
import { IMPORT_JOB_KIND, type ImportJobInput, importJobHandler } from "../imports/imports.service.ts";
import type { EngagementPlan } from "./titles.ts";

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

/** How often the seed looks at its import jobs while they run. */
const JOB_POLL_MS = 20;

/**
 * Imports the fixtures missing (by title and type) and returns every fixture title's id by its key.
 * Each import is a job queued by the demo admin and run by the job runner, as an upload on the
 * admin's imports panel would be, so the panel lists them.
 */
export async function seedDemoImports(deps: ServiceDeps): Promise<{
  added: number;
  ids: Map<string, string>;
  media: FixtureMedia;
  engagement: EngagementPlan[];
}> {
  const ids = new Map<string, string>();
  const missing: DemoFixture[] = [];
  for (const fixture of DEMO_FIXTURES) {
    const [existing] = await deps.db
      .select({ id: content.id })
      .from(content)
      .where(and(eq(content.title, fixture.title), eq(content.contentType, fixture.contentType)))
      .limit(1);
    if (existing) ids.set(fixture.key, existing.id);
    else missing.push(fixture);
  }
  const imported = await importAsJobs(deps, missing);
  for (const [index, fixture] of missing.entries()) {
    const contentId = imported[index] as string;
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
    ids.set(fixture.key, contentId);
  }
  const engagement = DEMO_FIXTURES.flatMap((fixture) => {
    const contentId = ids.get(fixture.key);
    return contentId ? [{ contentId, ...fixture }] : [];
  });
  return {
    added: missing.length,
    ids,
    engagement,
    media: {
      audio: await episodeFiles(deps, ids.get("moby-dick-narrated")),
      video: await episodeFiles(deps, ids.get("the-harbour")),
    },
  };
}

/**
 * Queues one import job per fixture, as the demo admin, and runs them with the import job's own
 * handler until all are done. Returns the new titles' ids in the fixtures' order.
 */
async function importAsJobs(deps: ServiceDeps, fixtures: DemoFixture[]): Promise<string[]> {
  if (fixtures.length === 0) return [];
  const [admin] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, "admin@demo.test")));
  const jobIds: string[] = [];
  for (const fixture of fixtures) {
    const upload = await deps.media.uploads.fromLocalFiles(
      admin?.id ?? "demo-seed",
      fixture.files.map((file) => path.join(FIXTURES_DIR, file)),
    );
    const input: ImportJobInput = {
      uploadId: upload.id,
      type: fixture.contentType,
      contentId: null,
      publish: true,
      fileNames: upload.files.map((file) => file.name),
    };
    const job = await enqueueJob(deps, { kind: IMPORT_JOB_KIND, input, createdBy: admin?.id ?? null });
    jobIds.push(job.id);
  }

  // A failure is the job's outcome (its reason is on the row), told below: nothing to log twice.
  const runner = new JobRunner(deps, [importJobHandler(deps) as JobHandler<never>], {
    log: pino({ level: "silent" }),
    pollMs: JOB_POLL_MS,
  });
  runner.start();
  let finished: Array<typeof jobs.$inferSelect> = [];
  try {
    for (;;) {
      finished = await deps.db
        .select()
        .from(jobs)
        .where(and(inArray(jobs.id, jobIds), inArray(jobs.status, ["succeeded", "failed", "cancelled"])));
      if (finished.length === jobIds.length) break;
      await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
    }
  } finally {
    await runner.stop();
  }
  return jobIds.map((jobId, index) => {
    const job = finished.find((row) => row.id === jobId);
    const result = job?.result as CommitResult | null | undefined;
    if (job?.status !== "succeeded" || !result) {
      throw new Error(
        `The demo import of ${fixtures[index]?.files.join(", ")} failed: ${job?.error ?? job?.status}`,
      );
    }
    return result.contentId;
  });
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
      files[name] = await deps.media.storage.read(episodeMediaKey(row.id, name));
    }
    result.push({ title: row.title, payload, files });
  }
  return result;
}
