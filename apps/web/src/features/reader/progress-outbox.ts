// Reading positions on their way to the server. Each is kept in localStorage until the server has
// it, so a position recorded offline, or just before the tab closed, is sent when the app next
// has a connection; only the latest position per episode is kept. The last known position of
// each episode is kept too, so that a reader opened offline resumes where the person was.
import type { Locator } from "@litverse/shared/content";

export interface PendingPosition {
  episodeId: string;
  fraction: number;
  locator?: Locator;
  isCompleted?: boolean;
  clientId: string;
  /** When the reader was there (ISO 8601): the server keeps the newest. */
  recordedAt: string;
}

export interface KnownPosition {
  fraction: number;
  locator: Locator | null;
  isCompleted: boolean;
  at: string;
}

const OUTBOX_KEY = "litverse.progress-outbox.v1";
const KNOWN_KEY = "litverse.positions.v1";
/** Positions remembered on this device, the most recent kept. */
const MAX_KNOWN = 300;

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

export class PositionStore {
  readonly #storage: () => KeyValueStorage | null;

  /** `storage` is asked for on each use: localStorage may be missing (private modes, tests). */
  constructor(storage: () => KeyValueStorage | null) {
    this.#storage = storage;
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

  queue(position: PendingPosition): void {
    const outbox = this.#read<PendingPosition>(OUTBOX_KEY);
    // A completion not sent yet stays part of the position that replaces it.
    const isCompleted = position.isCompleted || outbox[position.episodeId]?.isCompleted;
    outbox[position.episodeId] = { ...position, ...(isCompleted ? { isCompleted: true } : {}) };
    this.#write(OUTBOX_KEY, outbox);
    this.remember(position.episodeId, {
      fraction: position.fraction,
      locator: position.locator ?? null,
      isCompleted: position.isCompleted ?? false,
      at: position.recordedAt,
    });
  }

  pending(): PendingPosition[] {
    return Object.values(this.#read<PendingPosition>(OUTBOX_KEY));
  }

  /** Drops a sent position, unless a newer one for the episode has been queued since. */
  acknowledge(position: PendingPosition): void {
    const outbox = this.#read<PendingPosition>(OUTBOX_KEY);
    if (outbox[position.episodeId]?.recordedAt === position.recordedAt) {
      delete outbox[position.episodeId];
      this.#write(OUTBOX_KEY, outbox);
    }
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

/** This browser's positions. */
export const positionStore = new PositionStore(() =>
  typeof localStorage === "undefined" ? null : localStorage,
);
