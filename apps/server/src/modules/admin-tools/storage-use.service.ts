// How much the media store holds, by kind, walked on request: each top-level folder of the key
// space (covers/<contentId>/…, episodes/<episodeId>/…, reels/<reelId>/…, avatars/…), the episodes
// split by the kind of title they belong to (their keys do not say it: the database does), and the
// store's own folders (cached image variants, uploads waiting for an import or a reel, staging).
import type { StorageKindUse, StorageUse } from "@litverse/shared/admin-tools";
import type { ContentType } from "@litverse/shared/content";
import { eq, inArray } from "drizzle-orm";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { bookMatter, content, episodes } from "../content/schema.ts";
import { addTally, emptyTally, type Tally, tallyTree } from "./file-walk.ts";

interface KindInfo {
  label: string;
  description: string;
  group: StorageKindUse["group"];
}

const EPISODE_KINDS: Record<ContentType | "none", KindInfo> = {
  book: {
    label: "Episodes: books",
    description: "Chapters, their pictures, and books' front and back matter",
    group: "media",
  },
  audiobook: { label: "Episodes: audiobooks", description: "Audio files", group: "media" },
  comic: { label: "Episodes: comics", description: "Comic pages", group: "media" },
  drama: { label: "Episodes: dramas", description: "Video files and their captions", group: "media" },
  none: {
    label: "Episodes of no title",
    description: "Left over: their episode is no longer in the catalogue",
    group: "media",
  },
};

const KINDS: Record<string, KindInfo> = {
  covers: { label: "Title covers", description: "The catalogue's cover pictures", group: "media" },
  reels: { label: "Reels", description: "Converted reels: video, poster and captions", group: "media" },
  avatars: { label: "Profile pictures", description: "People's avatars", group: "media" },
  "club-covers": { label: "Club covers", description: "Book clubs' cover pictures", group: "media" },
  "ad-images": { label: "Ad pictures", description: "Pictures of paid and house ads", group: "media" },
  clubs: { label: "Club posts", description: "Pictures in book club posts", group: "media" },
  "story-covers": { label: "Story covers", description: "Interactive stories' covers", group: "media" },
  "story-images": {
    label: "Story scenes",
    description: "Pictures in interactive stories' scenes",
    group: "media",
  },
  messages: { label: "Messages", description: "Pictures sent in direct messages", group: "media" },
  support: { label: "Support", description: "Pictures and PDFs sent with support tickets", group: "media" },
  other: { label: "Other files", description: "Files at the top of the store", group: "media" },
  variants: {
    label: "Image variants",
    description: "Resized copies of pictures, made when first asked for",
    group: "internal",
  },
  uploads: {
    label: "Uploads waiting",
    description: "Files sent for an import that has not taken them (removed after a day)",
    group: "internal",
  },
  "reel-uploads": {
    label: "Reel uploads waiting",
    description: "Videos sent, or being sent, for a reel not made yet (removed after a day)",
    group: "internal",
  },
  "reel-sources": {
    label: "Reel originals",
    description: "Videos waiting for their conversion, removed once converted",
    group: "internal",
  },
  staging: {
    label: "Staging",
    description: "What imports and conversions are writing now, or left when interrupted",
    group: "internal",
  },
};

/** Always listed, even empty, so that "nothing waiting" shows as such. */
const ALWAYS = ["variants", "uploads", "reel-uploads", "reel-sources", "staging"];

const ID_BATCH = 500;

/** The kind of title each episode (or book matter) folder belongs to. */
async function episodeKinds(deps: ServiceDeps, ids: string[]): Promise<Map<string, ContentType>> {
  const kinds = new Map<string, ContentType>();
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/.test(id));
  for (let start = 0; start < valid.length; start += ID_BATCH) {
    const batch = valid.slice(start, start + ID_BATCH);
    const found = [
      ...(await deps.db
        .select({ id: episodes.id, type: content.contentType })
        .from(episodes)
        .innerJoin(content, eq(content.id, episodes.contentId))
        .where(inArray(episodes.id, batch))),
      ...(await deps.db
        .select({ id: bookMatter.id, type: content.contentType })
        .from(bookMatter)
        .innerJoin(content, eq(content.id, bookMatter.contentId))
        .where(inArray(bookMatter.id, batch))),
    ];
    for (const row of found) kinds.set(row.id, row.type);
  }
  return kinds;
}

/** Adds `tally` to `kind`, with `items` more of what it counts (uploads). */
function add(totals: Map<string, Tally & { items: number }>, kind: string, tally: Tally, items = 0): void {
  const total = totals.get(kind) ?? { ...emptyTally(), items: 0 };
  addTally(total, tally);
  total.items += items;
  totals.set(kind, total);
}

/** Episodes' files by the kind of title their episode (or book matter) belongs to. */
async function addEpisodes(
  deps: ServiceDeps,
  byEpisode: Map<string, Tally>,
  totals: Map<string, Tally & { items: number }>,
): Promise<void> {
  const kinds = await episodeKinds(deps, [...byEpisode.keys()]);
  for (const [id, tally] of byEpisode) add(totals, `episodes:${kinds.get(id) ?? "none"}`, tally);
}

export async function getStorageUse(deps: ServiceDeps): Promise<StorageUse> {
  const started = performance.now();
  const { storage, uploads, reelUploads } = deps.media;
  const totals = new Map<string, Tally & { items: number }>();
  const byEpisode = new Map<string, Tally>();
  for await (const file of storage.list()) {
    const [area, id] = file.key.split("/");
    const one = { files: 1, bytes: file.size };
    if (area === "episodes" && id) {
      byEpisode.set(id, addTally(byEpisode.get(id) ?? emptyTally(), one));
    } else {
      add(totals, file.key.includes("/") ? (area as string) : "other", one);
    }
  }
  await addEpisodes(deps, byEpisode, totals);
  if (storage.variants) {
    for await (const file of storage.variants.list()) add(totals, "variants", { files: 1, bytes: file.size });
  }
  const waiting = await uploads.usage();
  add(totals, "uploads", waiting, waiting.items);
  const reels = await reelUploads.usage();
  add(totals, "reel-uploads", reels.uploads, reels.uploads.items);
  add(totals, "reel-sources", reels.sources, reels.sources.items);
  add(totals, "staging", await tallyTree(storage.staging.directory));

  for (const kind of ALWAYS) if (!totals.has(kind)) totals.set(kind, { ...emptyTally(), items: 0 });
  const kinds: StorageKindUse[] = [...totals].map(([kind, total]) => {
    const episodeType = kind.startsWith("episodes:") ? (kind.slice("episodes:".length) as ContentType) : null;
    const info = (episodeType ? EPISODE_KINDS[episodeType] : KINDS[kind]) ?? {
      label: kind,
      description: "Files of a kind this version does not know",
      group: "media" as const,
    };
    const countsItems = kind === "uploads" || kind === "reel-uploads" || kind === "reel-sources";
    return { kind, ...info, files: total.files, bytes: total.bytes, items: countsItems ? total.items : null };
  });
  // The media by size, largest first; then the store's own folders in a fixed order.
  kinds.sort((a, b) =>
    a.group !== b.group
      ? a.group === "media"
        ? -1
        : 1
      : a.group === "media"
        ? b.bytes - a.bytes || a.label.localeCompare(b.label)
        : ALWAYS.indexOf(a.kind) - ALWAYS.indexOf(b.kind),
  );
  return {
    kinds,
    files: kinds.reduce((sum, kind) => sum + kind.files, 0),
    bytes: kinds.reduce((sum, kind) => sum + kind.bytes, 0),
    computedAt: new Date().toISOString(),
    tookMs: Math.round(performance.now() - started),
  };
}
