// How the player writes times, speeds and the timer.
import { formatDuration } from "../../../lib/format.ts";

/** "-1:23": what is left of the file. */
export function formatRemaining(positionMs: number, durationMs: number): string {
  return `-${formatDuration(Math.max(0, durationMs - positionMs))}`;
}

/** "1.25×", "1×", "0.5×". */
export function formatRate(rate: number): string {
  return `${Number(rate.toFixed(2))}×`;
}

function unit(count: number, singular: string): string {
  return `${count} ${singular}${count === 1 ? "" : "s"}`;
}

/** "1 hour 2 minutes 5 seconds", for screen readers, which read "1:05" poorly. */
export function spokenDuration(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts = [
    hours ? unit(hours, "hour") : "",
    minutes ? unit(minutes, "minute") : "",
    seconds || total === 0 ? unit(seconds, "second") : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/** What the timeline's thumb reads: "1:05 of 1:59, Chapter 2. The Carpet-Bag". */
export function timelineValueText(positionMs: number, durationMs: number, chapterTitle?: string): string {
  const text = `${formatDuration(positionMs)} of ${formatDuration(durationMs)}`;
  return chapterTitle ? `${text}, ${chapterTitle}` : text;
}

/** "14:59" left on the sleep timer, rounded up so that it never reads 0:00 while running. */
export function formatTimerLeft(ms: number): string {
  return formatDuration(Math.ceil(Math.max(0, ms) / 1000) * 1000);
}
