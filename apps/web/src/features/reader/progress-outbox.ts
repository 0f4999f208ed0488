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
    const previous = outbox[position.episodeId];
    const isCompleted = position.isCompleted || previous?.isCompleted;
    // Time spent since an unsent position is part of the one replacing it.
    const activeSeconds = Math.min(
      MAX_ACTIVE_SECONDS,
      (position.activeSeconds ?? 0) + (previous?.activeSeconds ?? 0),
    );
    outbox[position.episodeId] = {
      ...position,
      ...(isCompleted ? { isCompleted: true } : {}),
      ...(activeSeconds > 0 ? { activeSeconds } : { activeSeconds: undefined }),
    };
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

  /**
   * Drops a sent position. A newer one queued meanwhile stays, less the active time the sent one
   * carried (it had been added to the newer one), so that no second is counted twice.
   */
  acknowledge(position: PendingPosition): void {
    const outbox = this.#read<PendingPosition>(OUTBOX_KEY);
    const current = outbox[position.episodeId];
    if (!current) return;
    if (current.recordedAt === position.recordedAt) {
      delete outbox[position.episodeId];
    } else {
      const rest = Math.max(0, (current.activeSeconds ?? 0) - (position.activeSeconds ?? 0));
      outbox[position.episodeId] = { ...current, activeSeconds: rest > 0 ? rest : undefined };
    }
    this.#write(OUTBOX_KEY, outbox);
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
