import type { EpisodeContent } from "@litverse/shared/content";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { playerIsPresent } from "./player-presence.ts";
import {
  createPlayer,
  type MediaElementLike,
  type MediaSessionLike,
  type PlayerDeps,
  resumeMs,
  type SavePoint,
} from "./player-store.ts";

/** An audio element that plays when told: time moves only by advance(). Events fire at once. */
class FakeAudio implements MediaElementLike {
  src = "";
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ended = false;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  volume = 1;
  muted = false;
  preload = "";
  error: { code: number } | null = null;
  playCalls = 0;
  private listeners = new Map<string, Set<() => void>>();

  addEventListener(type: string, listener: () => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  async play() {
    this.playCalls++;
    this.ended = false;
    if (!this.paused) return;
    this.paused = false;
    this.emit("play");
    this.emit("playing");
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.emit("pause");
  }
  load() {}
  removeAttribute(name: string) {
    if (name === "src") this.src = "";
  }
  /** The browser has read the file's header. */
  loadMetadata(seconds: number) {
    this.duration = seconds;
    this.emit("loadedmetadata");
  }
  advance(seconds: number) {
    this.currentTime += seconds;
    this.emit("timeupdate");
  }
  finish() {
    this.currentTime = this.duration;
    this.paused = true;
    this.ended = true;
    this.emit("timeupdate");
    this.emit("pause");
    this.emit("ended");
  }
  fail() {
    this.error = { code: 2 };
    this.emit("error");
  }
}

const CHAPTERS = [
  { title: "Chapter 1. Loomings.", startMs: 0 },
  { title: "Chapter 2. The Carpet-Bag.", startMs: 39_529 },
  { title: "Chapter 3. The Spouter-Inn.", startMs: 77_971 },
];
const DURATION_S = 119.724;

function episode(
  number: number,
  options: { url?: string; next?: number | null; progress?: { fraction: number; isCompleted: boolean } } = {},
): EpisodeContent {
  return {
    content: {
      _id: "title-1",
      title: "Moby-Dick",
      author: "Herman Melville",
      coverImage: "/media/covers/moby.jpg",
      accessType: "free",
      contentType: "audiobook",
      readingDirection: "ltr",
      writingMode: "horizontal",
    },
    episode: {
      _id: `episode-${number}`,
      number,
      title: `Episode ${number}`,
      publishedAt: "2026-01-01T00:00:00.000Z",
      priceCoins: 0,
      durationMs: DURATION_S * 1000,
      wordCount: null,
      pageCount: null,
      lock: null,
      progress: options.progress ?? null,
    },
    payload: {
      kind: "audio",
      url: options.url ?? `/media/episodes/${number}/a.sig/audio.m4a`,
      mimeType: "audio/mp4",
      durationMs: DURATION_S * 1000,
      chapters: CHAPTERS,
    },
    previousNumber: number > 1 ? number - 1 : null,
    nextNumber: options.next === undefined ? number + 1 : options.next,
    expiresAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
  };
}

function setup(overrides: Partial<PlayerDeps> = {}) {
  const audio = new FakeAudio();
  let stored: string | null = null;
  const session: MediaSessionLike & { handlers: Map<string, (details: object) => void> } = {
    metadata: null,
    playbackState: "none",
    handlers: new Map(),
    setActionHandler(action, handler) {
      if (handler) this.handlers.set(action, handler);
    },
    setPositionState: vi.fn(),
  };
  const fetchEpisode = vi.fn(async (_contentId: string, number: number) => episode(number));
  const unattended: SavePoint[] = [];
  const player = createPlayer({
    audio,
    fetchEpisode,
    isHidden: () => false,
    readPreferences: () => stored,
    writePreferences: (raw) => {
      stored = raw;
    },
    mediaSession: session,
    makeMetadata: (metadata) => metadata,
    saveUnattended: (point) => unattended.push(point),
    ...overrides,
  });
  const saved: SavePoint[] = [];
  player.onSave((point) => {
    saved.push(point);
    return true;
  });
  return { audio, player, session, fetchEpisode, saved, unattended, stored: () => stored };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-01T20:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("resumeMs", () => {
  it("resumes where the listener was, except at the end or after finishing", () => {
    expect(resumeMs(null, 100_000)).toBe(0);
    expect(resumeMs({ fraction: 0.5, isCompleted: false }, 100_000)).toBe(50_000);
    expect(resumeMs({ fraction: 0.5, isCompleted: false, ms: 42_000 }, 100_000)).toBe(42_000);
    expect(resumeMs({ fraction: 0.99, isCompleted: false }, 100_000)).toBe(0);
    expect(resumeMs({ fraction: 0.5, isCompleted: true }, 100_000)).toBe(0);
  });
});

describe("the player", () => {
  it("loads an episode where it was left and plays it, with the lock screen told", async () => {
    const { audio, player, session } = setup();
    player.load(episode(1, { progress: { fraction: 0.5, isCompleted: false } }), { autoplay: true });
    expect(playerIsPresent()).toBe(true);
    expect(audio.src).toBe("/media/episodes/1/a.sig/audio.m4a");
    expect(audio.preload).toBe("metadata");
    expect(player.getState().positionMs).toBeCloseTo(59_862);
    audio.loadMetadata(DURATION_S);
    expect(audio.currentTime).toBeCloseTo(59.862);
    await Promise.resolve();
    expect(player.getState()).toMatchObject({ isPlaying: true, isReady: true, chapterIndex: 1 });
    expect(session.playbackState).toBe("playing");
    expect(session.metadata).toMatchObject({
      title: "Moby-Dick",
      artist: "Herman Melville",
      album: "Episode 1 · Chapter 2. The Carpet-Bag.",
    });
    expect(session.setPositionState).toHaveBeenCalled();
  });

  it("saves every few seconds while playing, on pause, on seek, and at the end as completed", async () => {
    const { audio, player, saved } = setup();
    player.load(episode(1, { next: null }), { start: 0 });
    audio.loadMetadata(DURATION_S);
    await player.play();
    audio.advance(2);
    vi.advanceTimersByTime(2000);
    const before = saved.length;
    vi.advanceTimersByTime(4000);
    audio.advance(4);
    expect(saved.length).toBe(before + 1);
    expect(saved.at(-1)?.positionMs).toBeCloseTo(6000);
    player.pause();
    expect(saved.at(-1)).toMatchObject({ isCompleted: false });
    player.seek(50_000);
    expect(saved.at(-1)?.positionMs).toBe(50_000);
    expect(audio.currentTime).toBe(50);
    await player.play();
    audio.finish();
    expect(saved.at(-1)).toMatchObject({ isCompleted: true, positionMs: DURATION_S * 1000 });
    expect(player.getState().hasEnded).toBe(true);
  });

  it("counts the content heard between save points: in content time at speed, not muted, not a seek", async () => {
    const { audio, player, saved } = setup();
    player.load(episode(1, { next: null }), { start: 0 });
    audio.loadMetadata(DURATION_S);
    player.setPrefs({ rate: 2 });
    // Every save point carries what was heard since the one before: their sum is what was heard.
    const heardSince = (from: number) => saved.slice(from).reduce((sum, point) => sum + point.listenedMs, 0);
    let from = saved.length;
    await player.play();
    for (let step = 0; step < 5; step++) audio.advance(2);
    player.pause();
    expect(heardSince(from)).toBe(10_000);

    from = saved.length;
    await player.play();
    audio.muted = true;
    audio.advance(2);
    audio.advance(2);
    audio.muted = false;
    audio.advance(30);
    audio.advance(1);
    player.pause();
    expect(heardSince(from)).toBe(1_000);
  });

  it("skips by the chosen lengths and moves between chapters", () => {
    const { audio, player } = setup();
    player.load(episode(1), { start: 50_000 });
    audio.loadMetadata(DURATION_S);
    player.skipBack();
    expect(audio.currentTime).toBe(35);
    player.skipForward();
    expect(audio.currentTime).toBe(65);
    player.setPrefs({ skipBackSeconds: 10, skipForwardSeconds: 60 });
    player.skipForward();
    expect(audio.currentTime).toBe(119.724);
    player.skip(-200);
    expect(audio.currentTime).toBe(0);
    player.nextChapter();
    expect(audio.currentTime).toBeCloseTo(39.529);
    player.nextChapter();
    expect(player.getState().chapterIndex).toBe(2);
    audio.advance(10);
    player.previousChapter();
    expect(audio.currentTime).toBeCloseTo(77.971);
    player.previousChapter();
    expect(audio.currentTime).toBeCloseTo(39.529);
  });

  it("remembers the speed, on the element and for next time", () => {
    const { audio, player, stored } = setup();
    player.load(episode(1));
    player.setRate(1.23);
    expect(audio.playbackRate).toBe(1.25);
    expect(audio.defaultPlaybackRate).toBe(1.25);
    expect(JSON.parse(stored() ?? "{}")).toMatchObject({ rate: 1.25 });
    const again = createPlayer({
      audio: new FakeAudio(),
      fetchEpisode: vi.fn(),
      isHidden: () => false,
      readPreferences: stored,
      writePreferences: () => {},
    });
    expect(again.getState().prefs.rate).toBe(1.25);
  });

  it("takes a fresh URL of the same episode without starting over: at once while paused", () => {
    const { audio, player } = setup();
    player.load(episode(1), { start: 30_000 });
    audio.loadMetadata(DURATION_S);
    audio.advance(5);
    player.sync(episode(1, { url: "/media/episodes/1/b.sig/audio.m4a" }));
    expect(audio.src).toBe("/media/episodes/1/b.sig/audio.m4a");
    expect(player.getState().isPlaying).toBe(false);
    audio.currentTime = 0;
    audio.loadMetadata(DURATION_S);
    expect(audio.currentTime).toBe(35);
  });

  it("while playing, swaps the URL at the next pause, and keeps playing through a forced swap", async () => {
    const { audio, player } = setup();
    player.load(episode(1), { start: 0 });
    audio.loadMetadata(DURATION_S);
    await player.play();
    audio.advance(12);
    player.sync(episode(1, { url: "/media/episodes/1/b.sig/audio.m4a" }));
    expect(audio.src).toBe("/media/episodes/1/a.sig/audio.m4a");
    player.pause();
    expect(audio.src).toBe("/media/episodes/1/b.sig/audio.m4a");
    audio.loadMetadata(DURATION_S);
    expect(audio.currentTime).toBe(12);

    // Playing until shortly before the old URL expires: swapped then, and still playing.
    await player.play();
    const playCalls = audio.playCalls;
    player.sync(episode(1, { url: "/media/episodes/1/c.sig/audio.m4a" }));
    vi.advanceTimersByTime(6 * 3_600_000);
    expect(audio.src).toBe("/media/episodes/1/c.sig/audio.m4a");
    expect(player.getState().isPlaying).toBe(true);
    expect(audio.playCalls).toBeGreaterThan(playCalls);
  });

  it("fetches fresh URLs by itself before they expire", async () => {
    const { audio, player, fetchEpisode } = setup();
    fetchEpisode.mockImplementation(async (_id, number) => episode(number, { url: "/fresh.m4a" }));
    player.load(episode(1), { start: 0 });
    audio.loadMetadata(DURATION_S);
    await vi.advanceTimersByTimeAsync(6 * 3_600_000 - 9 * 60_000);
    expect(fetchEpisode).toHaveBeenCalledWith("title-1", 1);
    expect(audio.src).toBe("/fresh.m4a");
  });

  it("recovers from a failed source with a fresh URL at the same position", async () => {
    const { audio, player, fetchEpisode } = setup();
    fetchEpisode.mockImplementation(async (_id, number) => episode(number, { url: "/fresh.m4a" }));
    player.load(episode(1), { start: 0 });
    audio.loadMetadata(DURATION_S);
    await player.play();
    audio.advance(20);
    audio.paused = true;
    audio.fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(audio.src).toBe("/fresh.m4a");
    audio.error = null;
    audio.loadMetadata(DURATION_S);
    expect(audio.currentTime).toBe(20);
    expect(player.getState()).toMatchObject({ isPlaying: true, error: null });
  });

  it("stops after the sleep timer's minutes of listening, fading out", async () => {
    const { audio, player } = setup();
    player.load(episode(1), { start: 0 });
    audio.loadMetadata(DURATION_S);
    player.setSleep(5);
    await player.play();
    vi.advanceTimersByTime(5 * 60_000 - 4000);
    expect(audio.paused).toBe(false);
    expect(audio.volume).toBeLessThan(0.5);
    expect(player.getState().sleepRemainingMs).toBeLessThanOrEqual(4000);
    vi.advanceTimersByTime(4000);
    expect(audio.paused).toBe(true);
    expect(audio.volume).toBe(1);
    expect(player.getState().sleep).toBeNull();
  });

  it("keeps the timer's minutes while paused", async () => {
    const { audio, player } = setup();
    player.load(episode(1), { start: 0 });
    audio.loadMetadata(DURATION_S);
    player.setSleep(10);
    await player.play();
    vi.advanceTimersByTime(60_000);
    player.pause();
    vi.advanceTimersByTime(30 * 60_000);
    expect(player.getState().sleepRemainingMs).toBeCloseTo(9 * 60_000, -3);
  });

  it("stops at the end of the chapter and picks up at the next one", async () => {
    const { audio, player } = setup();
    player.load(episode(1), { start: 35_000 });
    audio.loadMetadata(DURATION_S);
    player.setSleep("chapter");
    await player.play();
    audio.advance(4);
    vi.advanceTimersByTime(250);
    expect(audio.paused).toBe(false);
    audio.advance(1);
    vi.advanceTimersByTime(250);
    expect(audio.paused).toBe(true);
    expect(audio.currentTime).toBeCloseTo(39.529);
    expect(player.getState().sleep).toBeNull();
  });

  it("plays on into the next episode by itself when no page shows the player", async () => {
    const { audio, player, fetchEpisode, saved } = setup();
    player.load(episode(1), { start: 100_000 });
    audio.loadMetadata(DURATION_S);
    await player.play();
    audio.finish();
    expect(saved.at(-1)).toMatchObject({ isCompleted: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchEpisode).toHaveBeenCalledWith("title-1", 2);
    expect(player.getState().data?.episode.number).toBe(2);
    expect(audio.src).toBe("/media/episodes/2/a.sig/audio.m4a");
    expect(player.getState().isPlaying).toBe(true);
  });

  it("leaves the end of the episode to a page in view, and the next episode to its address", async () => {
    const { audio, player, fetchEpisode } = setup();
    const go = vi.fn();
    const detach = player.attachPage("title-1", go);
    player.load(episode(1), { start: 100_000 });
    audio.loadMetadata(DURATION_S);
    await player.play();
    audio.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchEpisode).not.toHaveBeenCalled();
    expect(player.getState().hasEnded).toBe(true);

    // The last chapter's "next" goes through the page, which finds where to start.
    player.nextChapter();
    expect(go).toHaveBeenCalledWith(2);
    expect(player.takePendingStart("title-1", 2)).toMatchObject({ start: 0 });
    detach();
  });

  it("does not play on when asked not to, or when the timer was for the end of the chapter", async () => {
    const { audio, player, fetchEpisode } = setup();
    player.setPrefs({ playNext: false });
    player.load(episode(1), { start: 100_000 });
    audio.loadMetadata(DURATION_S);
    await player.play();
    audio.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchEpisode).not.toHaveBeenCalled();

    player.setPrefs({ playNext: true });
    await player.play();
    expect(audio.currentTime).toBe(0);
    player.seek(100_000);
    player.setSleep("chapter");
    audio.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchEpisode).not.toHaveBeenCalled();
    expect(player.getState().sleep).toBeNull();
  });

  it("answers the lock screen's buttons", async () => {
    const { audio, player, session } = setup();
    player.load(episode(1), { start: 50_000 });
    audio.loadMetadata(DURATION_S);
    session.handlers.get("play")?.({});
    await Promise.resolve();
    expect(audio.paused).toBe(false);
    session.handlers.get("seekbackward")?.({});
    expect(audio.currentTime).toBe(35);
    session.handlers.get("seekforward")?.({ seekOffset: 10 });
    expect(audio.currentTime).toBe(45);
    session.handlers.get("seekto")?.({ seekTime: 90 });
    expect(audio.currentTime).toBe(90);
    session.handlers.get("previoustrack")?.({});
    expect(audio.currentTime).toBeCloseTo(77.971);
    session.handlers.get("pause")?.({});
    expect(audio.paused).toBe(true);
    expect(session.playbackState).toBe("paused");
  });

  it("closes: records the position, unloads, and is no longer present", async () => {
    const { audio, player, saved, session } = setup();
    player.load(episode(1), { start: 0 });
    audio.loadMetadata(DURATION_S);
    await player.play();
    audio.advance(30);
    player.close();
    expect(saved.at(-1)).toMatchObject({ positionMs: 30_000 });
    expect(audio.src).toBe("");
    expect(player.getState().data).toBeNull();
    expect(playerIsPresent()).toBe(false);
    expect(session.playbackState).toBe("none");
  });

  it("records nothing for a tab that only shows the player, or follows another device", () => {
    const { audio, player, saved } = setup();
    player.load(episode(1, { progress: { fraction: 0.5, isCompleted: false } }));
    audio.loadMetadata(DURATION_S);
    player.flushSave();
    player.seek(80_000, { silent: true });
    player.flushSave();
    expect(saved).toEqual([]);
    player.seek(20_000);
    expect(saved.map((point) => point.positionMs)).toEqual([20_000]);
  });

  it("hands positions no page claims to the unattended saver", async () => {
    const audio = new FakeAudio();
    const unattended: SavePoint[] = [];
    const player = createPlayer({
      audio,
      fetchEpisode: vi.fn(),
      isHidden: () => false,
      readPreferences: () => null,
      writePreferences: () => {},
      saveUnattended: (point) => unattended.push(point),
    });
    player.onSave((point) => point.data.episode._id === "episode-9");
    player.load(episode(1), { start: 0 });
    audio.loadMetadata(DURATION_S);
    player.seek(10_000);
    expect(unattended.at(-1)).toMatchObject({ positionMs: 10_000 });
  });
});
