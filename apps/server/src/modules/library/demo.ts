// Demo readers and what they did: personas (users who never sign in) who opened episodes over the
// last weeks, finished some, followed, liked and rated titles, in proportion to each title's
// demo popularity and rating, each persona the titles that suit their taste. This is what trending,
// top reads, rising stars, hidden gems and the content metrics are computed from, and what people
// share with the demo reader, who finished a few titles of their own. The catalogue's demo
// (content-admin) runs this step with a plan for each title it made, once the titles exist.

import type { ContentType } from "@litverse/shared/content";
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { content, episodes } from "../content/schema.ts";
import { type EngagementPlan, randomFrom } from "../content-admin/index.ts";
import { episodeProgress } from "../reading/schema.ts";
import { DEMO_PERSONA_ISSUER } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { contentFollows, contentLikes, contentRatings, episodeViews } from "./schema.ts";

const DAY_MS = 86_400_000;

/** A demo persona and their taste: the genres they like best, and how they like to read. */
export interface DemoPersona {
  name: string;
  genres: readonly string[];
  prefers: ContentType;
}

/**
 * The personas: people from many places, no two of one family, each with a taste of their own, so
 * that what they read differs as much as real readers' does. The first ten are the reader's circle
 * in the other demo steps (friends, clubs, the league), their tastes as their profiles tell.
 */
export const DEMO_PERSONAS: readonly DemoPersona[] = [
  { name: "Ada Moreau", genres: ["classics", "adventure"], prefers: "book" },
  { name: "Bea Santos", genres: ["poetry", "comedy"], prefers: "comic" },
  { name: "Cyrus Farahani", genres: ["historical", "romance"], prefers: "book" },
  { name: "Dina Haddad", genres: ["drama", "romance"], prefers: "drama" },
  { name: "Eli Lindqvist", genres: ["mystery", "horror"], prefers: "audiobook" },
  { name: "Farah Rahman", genres: ["fantasy", "children"], prefers: "audiobook" },
  { name: "Gus Herrera", genres: ["romance", "historical"], prefers: "book" },
  { name: "Hana Tanaka", genres: ["mystery", "drama"], prefers: "drama" },
  { name: "Ivo Novak", genres: ["science fiction", "adventure"], prefers: "audiobook" },
  { name: "Juno Okafor", genres: ["comedy", "fantasy"], prefers: "comic" },
  { name: "Amara Nwosu", genres: ["romance", "drama"], prefers: "drama" },
  { name: "Mateo Rossi", genres: ["adventure", "historical"], prefers: "audiobook" },
  { name: "Priya Nair", genres: ["mystery", "historical"], prefers: "audiobook" },
  { name: "Lars Eriksen", genres: ["horror", "science fiction"], prefers: "book" },
  { name: "Mei Chen", genres: ["fantasy", "comedy"], prefers: "comic" },
  { name: "Tomás Silva", genres: ["adventure", "drama"], prefers: "drama" },
  { name: "Kofi Mensah", genres: ["classics", "poetry"], prefers: "book" },
  { name: "Zofia Kowalska", genres: ["horror", "historical"], prefers: "book" },
  { name: "Omar Khalil", genres: ["science fiction", "mystery"], prefers: "audiobook" },
  { name: "Leilani Kahale", genres: ["children", "comedy"], prefers: "comic" },
  { name: "Nikolai Petrov", genres: ["classics", "historical"], prefers: "book" },
  { name: "Zanele Dlamini", genres: ["drama", "mystery"], prefers: "drama" },
  { name: "Diego Álvarez", genres: ["adventure", "comedy"], prefers: "comic" },
  { name: "Ingrid Bauer", genres: ["mystery", "classics"], prefers: "audiobook" },
  { name: "Arjun Mehta", genres: ["science fiction", "fantasy"], prefers: "audiobook" },
  { name: "Minji Park", genres: ["romance", "drama"], prefers: "drama" },
  { name: "Emre Yılmaz", genres: ["horror", "mystery"], prefers: "drama" },
  { name: "Chloé Dubois", genres: ["poetry", "romance"], prefers: "book" },
  { name: "Aroha Ngata", genres: ["fantasy", "adventure"], prefers: "audiobook" },
  { name: "Tariq Hussain", genres: ["historical", "adventure"], prefers: "book" },
  { name: "Lucía Fernández", genres: ["romance", "comedy"], prefers: "drama" },
  { name: "Kwame Boateng", genres: ["adventure", "mystery"], prefers: "audiobook" },
  { name: "Anya Horvat", genres: ["horror", "romance"], prefers: "drama" },
  { name: "Thanh Nguyen", genres: ["comedy", "children"], prefers: "comic" },
  { name: "Siobhan Byrne", genres: ["historical", "mystery"], prefers: "book" },
  { name: "Rafael Mendoza", genres: ["drama", "adventure"], prefers: "drama" },
  { name: "Noa Levi", genres: ["poetry", "classics"], prefers: "book" },
  { name: "Ayşe Demir", genres: ["mystery", "fantasy"], prefers: "audiobook" },
  { name: "Malik Johnson", genres: ["science fiction", "comedy"], prefers: "comic" },
  { name: "Sione Taufa", genres: ["adventure", "fantasy"], prefers: "audiobook" },
];

/** A persona's handle: the name in plain letters, `Tomás Silva` → `tomas_silva`. */
export const personaHandle = (name: string): string =>
  name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace("ı", "i")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_");

/**
 * When a persona joined: six to thirteen weeks ago, a week apart in eight groups, before any of the
 * demo's history (which reaches back a month or two), so that analytics has sign-up cohorts that
 * differ, and nobody did anything before they joined.
 */
export function personaJoinedDaysAgo(index: number): number {
  return 91 - (index % 8) * 7 - (index % 3);
}

/** The personas' users, made if missing, each with their taste. */
async function ensurePersonas(deps: ServiceDeps): Promise<Array<DemoPersona & { id: string }>> {
  const now = Date.now();
  const values = DEMO_PERSONAS.map((persona, index) => ({
    issuer: DEMO_PERSONA_ISSUER,
    subject: `persona-${index + 1}`,
    name: persona.name,
    handle: personaHandle(persona.name),
    age: 18,
    role: "user" as const,
    createdAt: new Date(now - personaJoinedDaysAgo(index) * DAY_MS),
  }));
  await deps.db.insert(users).values(values).onConflictDoNothing();
  const rows = await deps.db
    .select({ id: users.id, handle: users.handle })
    .from(users)
    .where(eq(users.issuer, DEMO_PERSONA_ISSUER))
    .orderBy(asc(users.subject));
  const ids = new Map(rows.map((row) => [row.handle, row.id]));
  return DEMO_PERSONAS.flatMap((persona) => {
    const id = ids.get(personaHandle(persona.name));
    return id ? [{ ...persona, id }] : [];
  });
}

/**
 * Who opens a title: the personas whose taste it suits best (each genre they like counts twice,
 * the way they like to read once), as many as its popularity says. A little chance among equals,
 * the same on every seeding, since the seed is the title.
 */
function readersOf(plan: EngagementPlan, personas: Array<DemoPersona & { id: string }>): string[] {
  const random = randomFrom(`readers:${plan.contentType}:${plan.title}`);
  const scored = personas.map((persona) => ({
    id: persona.id,
    score:
      2 * persona.genres.filter((genre) => plan.genres.includes(genre)).length +
      (persona.prefers === plan.contentType ? 1 : 0) +
      random() * 1.5,
  }));
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, Math.max(1, Math.round(plan.popularity * personas.length)))
    .map((persona) => persona.id);
}

/** Adds engagement for every planned title that has none yet. */
export async function seedDemoEngagement(deps: ServiceDeps, plans: EngagementPlan[]): Promise<void> {
  const personas = await ensurePersonas(deps);
  const engaged = new Set(
    (
      await deps.db
        .selectDistinct({ contentId: episodeViews.contentId })
        .from(episodeViews)
        .where(
          inArray(
            episodeViews.userId,
            personas.map((persona) => persona.id),
          ),
        )
    ).map((row) => row.contentId),
  );
  const now = Date.now();
  for (const plan of plans) {
    if (engaged.has(plan.contentId) || plan.popularity <= 0) continue;
    const released = await deps.db
      .select({ id: episodes.id, priceCoins: episodes.priceCoins })
      .from(episodes)
      .where(
        and(
          eq(episodes.contentId, plan.contentId),
          isNotNull(episodes.publishAt),
          lte(episodes.publishAt, sql`now()`),
        ),
      )
      .orderBy(asc(episodes.number));
    // Personas read the free beginning of a title.
    const firstPaid = released.findIndex((episode) => episode.priceCoins > 0);
    const readable = firstPaid === -1 ? released : released.slice(0, firstPaid);
    if (readable.length === 0) continue;

    const random = randomFrom(plan.contentId);
    const readers = readersOf(plan, personas);
    // Views lean towards the last few weeks, never before the title came out.
    const span = Math.min(plan.publishedDaysAgo, 28) * DAY_MS;
    const when = () => new Date(now - random() ** 2 * span - 60_000);

    const views: Array<typeof episodeViews.$inferInsert> = [];
    const progress: Array<typeof episodeProgress.$inferInsert> = [];
    const follows: Array<typeof contentFollows.$inferInsert> = [];
    const likes: Array<typeof contentLikes.$inferInsert> = [];
    const ratings: Array<typeof contentRatings.$inferInsert> = [];
    for (const userId of readers) {
      const read = 1 + Math.floor(random() * Math.min(readable.length, 5));
      for (const [index, episode] of readable.slice(0, read).entries()) {
        const at = when();
        views.push({ episodeId: episode.id, contentId: plan.contentId, userId, viewedAt: at });
        const isLast = index === read - 1;
        const finished = !isLast || random() < 0.4;
        progress.push({
          userId,
          episodeId: episode.id,
          contentId: plan.contentId,
          fraction: finished ? 1 : Math.round(random() * 90) / 100,
          completedAt: finished ? at : null,
          updatedAt: at,
        });
      }
      const at = when();
      if (random() < 0.5) follows.push({ userId, contentId: plan.contentId, createdAt: at });
      if (random() < 0.6) likes.push({ userId, contentId: plan.contentId, createdAt: at });
      if (plan.rating > 0 && random() < 0.6) {
        const rating = Math.min(5, Math.max(1, Math.round(plan.rating + (random() - 0.5) * 1.5)));
        ratings.push({ userId, contentId: plan.contentId, rating, createdAt: at, updatedAt: at });
      }
    }
    await deps.db.transaction(async (tx) => {
      if (views.length > 0) await tx.insert(episodeViews).values(views);
      if (progress.length > 0) await tx.insert(episodeProgress).values(progress).onConflictDoNothing();
      if (follows.length > 0) await tx.insert(contentFollows).values(follows).onConflictDoNothing();
      if (likes.length > 0) await tx.insert(contentLikes).values(likes).onConflictDoNothing();
      if (ratings.length > 0) await tx.insert(contentRatings).values(ratings).onConflictDoNothing();
    });
  }
  await seedReaderFinished(deps);
}

/**
 * What the demo reader has finished besides their club's book (four chapters in: the clubs' demo, modules/clubs/demo.ts):
 * a long poem, an audiobook heard to the end over last week and a drama's episode watched
 * yesterday. Other tastes and types than the club's, so that what the reader shares with one
 * person differs from what they share with the next; finished, so that the Continue shelf holds
 * only the book they are in the middle of.
 */
export const DEMO_READER_FINISHED: ReadonlyArray<{
  title: string;
  contentType: ContentType;
  startedDaysAgo: number;
  finishedDaysAgo: number;
}> = [
  { title: "The Waste Land", contentType: "book", startedDaysAgo: 4, finishedDaysAgo: 3 },
  { title: "The Salt Map", contentType: "audiobook", startedDaysAgo: 7, finishedDaysAgo: 2 },
  { title: "The Harbour", contentType: "drama", startedDaysAgo: 1, finishedDaysAgo: 1 },
];

/** The reader's finished titles, each episode viewed and completed; only if they have none of them yet. */
async function seedReaderFinished(deps: ServiceDeps): Promise<void> {
  const { db } = deps;
  const [reader] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, "reader@demo.test")));
  if (!reader) return;
  const now = Date.now();
  for (const demo of DEMO_READER_FINISHED) {
    const [title] = await db
      .select({ id: content.id })
      .from(content)
      .where(and(eq(content.title, demo.title), eq(content.contentType, demo.contentType)));
    if (!title) continue;
    const mine = and(eq(episodeProgress.userId, reader.id), eq(episodeProgress.contentId, title.id));
    if (
      (await db.select({ id: episodeProgress.episodeId }).from(episodeProgress).where(mine).limit(1)).length
    ) {
      continue;
    }
    const released = await db
      .select({ id: episodes.id, publishAt: episodes.publishAt })
      .from(episodes)
      .where(
        and(
          eq(episodes.contentId, title.id),
          isNotNull(episodes.publishAt),
          lte(episodes.publishAt, sql`now()`),
        ),
      )
      .orderBy(asc(episodes.number));
    const span = demo.startedDaysAgo - demo.finishedDaysAgo;
    const rows = released.map((episode, index) => {
      const daysAgo =
        demo.startedDaysAgo - (released.length > 1 ? (span * index) / (released.length - 1) : 0);
      // Never before the episode came out, nor in the future.
      const earliest = (episode.publishAt?.getTime() ?? 0) + 600_000;
      const at = new Date(Math.min(now - 60_000, Math.max(earliest, now - daysAgo * DAY_MS)));
      return { episodeId: episode.id, contentId: title.id, userId: reader.id, at };
    });
    if (rows.length === 0) continue;
    await db.transaction(async (tx) => {
      await tx.insert(episodeViews).values(rows.map(({ at, ...row }) => ({ ...row, viewedAt: at })));
      await tx
        .insert(episodeProgress)
        .values(rows.map(({ at, ...row }) => ({ ...row, fraction: 1, completedAt: at, updatedAt: at })))
        .onConflictDoNothing();
    });
  }
}
