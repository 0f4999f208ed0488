// How much the media store holds, by kind, walked on request: each top-level folder of the key
// space (covers/<contentId>/…, episodes/<episodeId>/…, reels/<reelId>/…, avatars/…), the episodes
// split by the kind of title they belong to (their keys do not say it: the database does), and the
// store's own folders (cached image variants, uploads waiting for an import or a reel, staging).
import path from "node:path";
import type { StorageKindUse, StorageUse } from "@litverse/shared/admin-tools";
import type { ContentType } from "@litverse/shared/content";
import { eq, inArray } from "drizzle-orm";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { bookMatter, content, episodes } from "../content/schema.ts";
import { addTally, emptyTally, entriesOf, type Tally, tallyPath, tallyTree } from "./file-walk.ts";

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

async function walkEpisodes(
  deps: ServiceDeps,
  dir: string,
  totals: Map<string, Tally & { items: number }>,
): Promise<void> {
  const folders = await entriesOf(dir);
  const kinds = await episodeKinds(
    deps,
    folders.map((entry) => entry.name),
  );
  for (const entry of folders) {
    add(totals, `episodes:${kinds.get(entry.name) ?? "none"}`, await tallyPath(path.join(dir, entry.name)));
  }
}

/** A tus upload is its file and a `<id>.json` beside it; originals wait in `sources/<reelId>/`. */
async function walkReelUploads(dir: string, totals: Map<string, Tally & { items: number }>): Promise<void> {
  for (const entry of await entriesOf(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.name === "sources" && entry.isDirectory()) {
      for (const reel of await entriesOf(full))
        add(totals, "reel-sources", await tallyPath(path.join(full, reel.name)), 1);
    } else {
      add(totals, "reel-uploads", await tallyPath(full), entry.name.endsWith(".json") ? 1 : 0);
    }
  }
}

async function walkUploads(dir: string, totals: Map<string, Tally & { items: number }>): Promise<void> {
  for (const entry of await entriesOf(dir)) {
    add(totals, "uploads", await tallyPath(path.join(dir, entry.name)), entry.isDirectory() ? 1 : 0);
  }
}

export async function getStorageUse(deps: ServiceDeps): Promise<StorageUse> {
  const started = performance.now();
  const { storage, variants, uploads, reelUploads } = deps.media;
  // The folder keys live in: a top-level key's parent.
  const root = path.dirname(storage.resolve("covers"));
  const totals = new Map<string, Tally & { items: number }>();
  const special = new Map<string, (dir: string) => Promise<void>>([
    [path.resolve(variants.variantsDir), async (dir) => add(totals, "variants", await tallyTree(dir))],
    [path.resolve(uploads.root), (dir) => walkUploads(dir, totals)],
    [path.resolve(reelUploads.directory), (dir) => walkReelUploads(dir, totals)],
  ]);

  for (const entry of await entriesOf(root)) {
    const full = path.join(root, entry.name);
    const walkSpecial = special.get(full);
    if (walkSpecial) {
      special.delete(full);
      await walkSpecial(full);
    } else if (!entry.isDirectory()) {
      add(totals, "other", await tallyPath(full));
    } else if (entry.name === "episodes") {
      await walkEpisodes(deps, full, totals);
    } else if (entry.name.startsWith(".")) {
      // `.staging`, and whatever else the store keeps for itself.
      add(totals, "staging", await tallyTree(full));
    } else {
      add(totals, entry.name, await tallyTree(full));
    }
  }
  // Folders configured outside the store.
  for (const [dir, walk] of special) await walk(dir);

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
