// Reading positions on their way to the server. Each is kept in localStorage until the server has
// it, so a position recorded offline, or just before the tab closed, is sent when the app next
// has a connection; only the latest position per episode is kept. The last known position of
// each episode is kept too, so that a reader opened offline resumes where the person was.
//
// Each tab keeps its own outbox, under a key of its own, and only that tab writes it. A shared
// outbox lost positions: tabs are separate processes whose view of localStorage lags behind one
// another's writes, so one tab's write, made from a stale read, could undo another's newest
// position. An outbox whose tab is gone (closed, reloaded) is taken over by a tab still open
// (`adopt`), which the caller does only once it knows the owner is gone (use-episode-progress.ts).
import type { Locator } from "@litverse/shared/content";

export interface PendingPosition {
  episodeId: string;
  fraction: number;
  locator?: Locator;
  isCompleted?: boolean;
  clientId: string;
  /** When the reader was there (ISO 8601): the server keeps the newest. */
  recordedAt: string;
  /** Seconds of active reading or listening since the position before, added up until sent. */
  activeSeconds?: number;
}

/** The most active time one position may carry, as the server allows. */
export const MAX_ACTIVE_SECONDS = 3_600;

export interface KnownPosition {
  fraction: number;
  locator: Locator | null;
  isCompleted: boolean;
  at: string;
}

/** What every outbox's key starts with: v1 was the one outbox all tabs shared, taken over as any other. */
const OUTBOX_KEY_PREFIX = "litverse.progress-outbox.";
const KNOWN_KEY = "litverse.positions.v1";
/** Positions remembered on this device, the most recent kept. */
const MAX_KNOWN = 300;

/** The key of a tab's outbox. */
const outboxKey = (owner: string) => `${OUTBOX_KEY_PREFIX}v2.${owner}`;

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

/**
 * A position in place of an unsent one for the same episode: the time spent since that one, and a
 * completion it carried, are part of the newer (neither reached the server).
 */
function replacing(newer: PendingPosition, older: PendingPosition | undefined): PendingPosition {
  const isCompleted = newer.isCompleted || older?.isCompleted;
  const activeSeconds = Math.min(
    MAX_ACTIVE_SECONDS,
    (newer.activeSeconds ?? 0) + (older?.activeSeconds ?? 0),
  );
  return {
    ...newer,
    ...(isCompleted ? { isCompleted: true } : {}),
    ...(activeSeconds > 0 ? { activeSeconds } : { activeSeconds: undefined }),
  };
}

export class PositionStore {
  readonly #storage: () => KeyValueStorage | null;
  /** This tab's outbox. */
  readonly key: string;

  /** `storage` is asked for on each use: localStorage may be missing (private modes, tests). */
  constructor(storage: () => KeyValueStorage | null, owner: string) {
    this.#storage = storage;
    this.key = outboxKey(owner);
  }

  #read<T>(key: string): Record<string, T> {
    try {
      const value = JSON.parse(this.#storage()?.getItem(key) ?? "{}") as unknown;
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, T>) : {};
    } catch {
      return {};
    }
  }

  #write(key: string, value: Record<string, unknown>): void {
    try {
      this.#storage()?.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or unavailable: positions still go to the server while online.
    }
  }

  #remove(key: string): void {
    try {
      this.#storage()?.removeItem(key);
    } catch {
      // Storage unavailable: there was nothing to remove.
    }
  }

  queue(position: PendingPosition): void {
    const outbox = this.#read<PendingPosition>(this.key);
    outbox[position.episodeId] = replacing(position, outbox[position.episodeId]);
    this.#write(this.key, outbox);
    this.remember(position.episodeId, {
      fraction: position.fraction,
      locator: position.locator ?? null,
      isCompleted: position.isCompleted ?? false,
      at: position.recordedAt,
    });
  }

  pending(): PendingPosition[] {
    return Object.values(this.#read<PendingPosition>(this.key));
  }

  /**
   * Drops a sent position. A newer one queued meanwhile stays, less the active time the sent one
   * carried (it had been added to the newer one), so that no second is counted twice.
   */
  acknowledge(position: PendingPosition): void {
    const outbox = this.#read<PendingPosition>(this.key);
    const current = outbox[position.episodeId];
    if (!current) return;
    if (current.recordedAt === position.recordedAt) {
      delete outbox[position.episodeId];
    } else {
      const rest = Math.max(0, (current.activeSeconds ?? 0) - (position.activeSeconds ?? 0));
      outbox[position.episodeId] = { ...current, activeSeconds: rest > 0 ? rest : undefined };
    }
    // An empty outbox leaves no key behind, for other tabs to look into.
    if (Object.keys(outbox).length === 0) this.#remove(this.key);
    else this.#write(this.key, outbox);
  }

  /** The keys of the other outboxes on this device: other tabs', open or gone. */
  otherOutboxes(): string[] {
    const keys: string[] = [];
    try {
      const storage = this.#storage();
      for (let index = 0; index < (storage?.length ?? 0); index++) {
        const key = storage?.key(index);
        if (key?.startsWith(OUTBOX_KEY_PREFIX) && key !== this.key) keys.push(key);
      }
    } catch {
      // Storage unavailable: no outbox of another tab either.
    }
    return keys;
  }

  /**
   * Takes a gone tab's outbox into this one: per episode the newer position, carrying the active
   * time of both (neither was counted yet), and a completion either held.
   */
  adopt(key: string): void {
    if (!key.startsWith(OUTBOX_KEY_PREFIX) || key === this.key) return;
    const orphans = this.#read<PendingPosition>(key);
    const outbox = this.#read<PendingPosition>(this.key);
    for (const orphan of Object.values(orphans)) {
      const own = outbox[orphan.episodeId];
      outbox[orphan.episodeId] =
        own && own.recordedAt >= orphan.recordedAt ? replacing(own, orphan) : replacing(orphan, own);
    }
    if (Object.keys(orphans).length > 0) this.#write(this.key, outbox);
    this.#remove(key);
  }

  remember(episodeId: string, position: KnownPosition): void {
    const known = this.#read<KnownPosition>(KNOWN_KEY);
    const previous = known[episodeId];
    // A finished episode stays finished, as on the server.
    known[episodeId] = { ...position, isCompleted: position.isCompleted || (previous?.isCompleted ?? false) };
    const entries = Object.entries(known);
    if (entries.length > MAX_KNOWN) entries.sort((a, b) => b[1].at.localeCompare(a[1].at));
    this.#write(KNOWN_KEY, Object.fromEntries(entries.slice(0, MAX_KNOWN)));
  }

  known(episodeId: string): KnownPosition | null {
    return this.#read<KnownPosition>(KNOWN_KEY)[episodeId] ?? null;
  }
}

/** This tab, among the reader's tabs and devices: its positions carry it, and its outbox is named by it. */
export const TAB_ID = `tab-${Math.random().toString(36).slice(2, 10)}`;

/** This tab's positions. */
export const positionStore = new PositionStore(
  () => (typeof localStorage === "undefined" ? null : localStorage),
  TAB_ID,
);
