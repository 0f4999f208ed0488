// Chapter marks inside one audio file: which chapter a time falls in, where the previous and next
// ones start, and where their marks sit on the timeline.

export interface Chapter {
  title: string;
  startMs: number;
}

/** Within this much of a chapter's start, "previous chapter" goes to the one before, as players do. */
export const RESTART_GRACE_MS = 3000;

/**
 * The marks in order, within the file, without duplicates; a file without marks reads as one
 * chapter from its start, so that every time has a chapter.
 */
export function normalizeChapters(chapters: readonly Chapter[], durationMs: number, fallbackTitle: string) {
  const limit = Number.isFinite(durationMs) && durationMs > 0 ? durationMs : Number.POSITIVE_INFINITY;
  const sorted = chapters
    .filter((chapter) => Number.isFinite(chapter.startMs) && chapter.startMs >= 0 && chapter.startMs < limit)
    .toSorted((a, b) => a.startMs - b.startMs);
  const result: Chapter[] = [];
  for (const chapter of sorted) {
    if (result.at(-1)?.startMs === chapter.startMs) continue;
    result.push({ title: chapter.title.trim() || `Chapter ${result.length + 1}`, startMs: chapter.startMs });
  }
  if (result.length === 0) return [{ title: fallbackTitle, startMs: 0 }];
  // Time before the first mark belongs to the first chapter.
  const [first, ...rest] = result;
  return [{ title: first?.title ?? fallbackTitle, startMs: 0 }, ...rest];
}

/** The index of the chapter playing at `ms` (chapters normalised); 0 before the first. */
export function chapterIndexAt(chapters: readonly Chapter[], ms: number): number {
  let low = 0;
  let high = chapters.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((chapters[middle]?.startMs ?? 0) <= ms) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Where chapter `index` starts and ends. */
export function chapterRange(chapters: readonly Chapter[], index: number, durationMs: number) {
  const startMs = chapters[index]?.startMs ?? 0;
  const endMs = chapters[index + 1]?.startMs ?? durationMs;
  return { startMs, endMs: Math.max(startMs, endMs) };
}

/**
 * Where "previous chapter" goes from `ms`: the start of this chapter when a few seconds in, else
 * the start of the one before; null at the very start of the file (the previous episode, if any).
 */
export function previousChapterTarget(chapters: readonly Chapter[], ms: number): number | null {
  const index = chapterIndexAt(chapters, ms);
  const start = chapters[index]?.startMs ?? 0;
  if (ms - start > RESTART_GRACE_MS) return start;
  if (index > 0) return chapters[index - 1]?.startMs ?? 0;
  return null;
}

/** Where "next chapter" goes from `ms`; null in the last chapter (the next episode, if any). */
export function nextChapterTarget(chapters: readonly Chapter[], ms: number): number | null {
  const next = chapters[chapterIndexAt(chapters, ms) + 1];
  return next ? next.startMs : null;
}

/** Where each chapter after the first begins, as a fraction of the file, for marks on the timeline. */
export function chapterMarks(chapters: readonly Chapter[], durationMs: number): number[] {
  if (!(durationMs > 0)) return [];
  return chapters
    .slice(1)
    .map((chapter) => chapter.startMs / durationMs)
    .filter((fraction) => fraction > 0 && fraction < 1);
}
