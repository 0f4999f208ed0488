// What one stretch of watching a reel reports, from the moment it becomes the reel on screen until
// it is swiped away or the page hides: "play" when it starts, "progress" once it has played long
// enough to count and every few seconds after, and on pause, "end" each time it plays through (it
// loops), and "leave" when it goes. The played time is media time actually played, never more than
// the wall clock allows (a stalled or throttled page cannot report more than was watched), and it
// carries on from what earlier stretches of the same reel in this session played: it only grows.
import { viewThresholdMs } from "@litverse/shared/reels";

export type WatchKind = "play" | "progress" | "end" | "leave";

export interface WatchReport {
  kind: WatchKind;
  /** Where the playhead is, in ms from the reel's start. */
  positionMs: number;
  /** Media time played in this view, over every loop, in ms. */
  playedMs: number;
  /** The wall clock (epoch ms) when it happened. */
  at: number;
}

/** Between progress reports while a reel keeps playing. */
export const PROGRESS_EVERY_MS = 5_000;
/** A jump back from this close to the end is the loop starting over. */
const LOOP_MARGIN_MS = 1_000;
/** Slack for the clocks of media and page ticking at slightly different moments. */
const CLOCK_SLACK_MS = 250;

export class ReelView {
  private playedMs: number;
  private lastPosition: number | null = null;
  private lastWall = 0;
  private nextProgressAt: number;
  private isOver = false;

  private readonly durationMs: number;
  private readonly report: (report: WatchReport) => void;

  /** `playedBefore`: what this reel played earlier in the session. */
  constructor(durationMs: number, report: (report: WatchReport) => void, playedBefore = 0) {
    this.durationMs = durationMs;
    this.report = report;
    this.playedMs = playedBefore;
    // The first progress report comes when the view counts (the server counts views per session
    // and reel, so only once), then every few seconds.
    const threshold = viewThresholdMs(durationMs);
    this.nextProgressAt = playedBefore < threshold ? threshold : playedBefore + PROGRESS_EVERY_MS;
  }

  get played(): number {
    return this.playedMs;
  }

  /** Left: it reports nothing more. */
  get isLeft(): boolean {
    return this.isOver;
  }

  start(positionMs: number, now: number): void {
    this.lastPosition = positionMs;
    this.lastWall = now;
    this.emit("play", positionMs, now);
  }

  /** The playhead moved while playing (each `timeupdate`). */
  tick(positionMs: number, now: number): void {
    if (this.isOver) return;
    const last = this.lastPosition;
    const wall = Math.max(0, now - this.lastWall) + CLOCK_SLACK_MS;
    this.lastWall = now;
    this.lastPosition = positionMs;
    if (last === null) return;
    const delta = positionMs - last;
    if (delta >= 0) {
      this.playedMs += Math.min(delta, wall);
    } else if (this.durationMs > 0 && last >= this.durationMs - LOOP_MARGIN_MS) {
      // Played through and started over.
      this.playedMs += Math.min(this.durationMs - last + positionMs, wall);
      this.emit("end", this.durationMs, now);
    }
    if (this.playedMs >= this.nextProgressAt) {
      this.nextProgressAt = this.playedMs + PROGRESS_EVERY_MS;
      this.emit("progress", positionMs, now);
    }
  }

  /**
   * Playing stopped for a while (paused, the page hidden): the position so far is reported, and
   * the time until playing resumes is not counted.
   */
  pause(positionMs: number, now: number): void {
    if (this.isOver) return;
    this.tick(positionMs, now);
    this.emit("progress", positionMs, now);
  }

  /** Playing resumes after a pause: the pause is not played time. */
  resume(positionMs: number, now: number): void {
    if (this.isOver) return;
    this.lastPosition = positionMs;
    this.lastWall = now;
  }

  leave(positionMs: number, now: number, { isPlaying }: { isPlaying: boolean }): void {
    if (this.isOver) return;
    if (isPlaying) this.tick(positionMs, now);
    this.emit("leave", positionMs, now);
    this.isOver = true;
  }

  private emit(kind: WatchKind, positionMs: number, now: number) {
    this.report({
      kind,
      positionMs: Math.max(0, Math.round(positionMs)),
      playedMs: Math.round(this.playedMs),
      at: now,
    });
  }
}
