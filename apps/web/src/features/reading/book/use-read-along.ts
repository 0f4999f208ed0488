// Read-along in the book reader: the chapter's recorded narration played phrase by phrase on an
// audio element of its own, starting at the first narrated phrase on screen, with the page
// following the voice (which moves the reading position, so reading and listening stay at the
// same sentence).
import { type RefObject, useEffect, useRef, useState } from "react";
import { chapterElement } from "./chapter-ids.ts";
import { ReadAlong, type ReadAlongData, type ReadAlongState } from "./read-along.ts";

/**
 * A narration that was playing when its chapter closed goes on in the next chapter the reader
 * opens in the same title soon after (from the contents, or at the end of the chapter).
 */
let goingOn: { contentId: string; until: number } | null = null;
const GO_ON_WITHIN_MS = 15_000;

export function useReadAlong({
  contentId,
  readAlong,
  html,
  content,
  viewport,
  follow,
  onFinished,
}: {
  contentId: string;
  readAlong: ReadAlongData | null;
  /** The chapter shown: a new one starts a new narration. */
  html: string;
  content: RefObject<HTMLElement | null>;
  viewport: RefObject<HTMLElement | null>;
  /** Brings the phrase being heard into view. */
  follow: (element: Element) => void;
  /** The chapter's last phrase has been heard. */
  onFinished: () => void;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const controller = useRef<ReadAlong | null>(null);
  const [state, setState] = useState<ReadAlongState>("paused");
  const [rate, setRate] = useState(1);
  const followLatest = useRef(follow);
  followLatest.current = follow;
  const finishedLatest = useRef(onFinished);
  finishedLatest.current = onFinished;
  const rateLatest = useRef(rate);
  rateLatest.current = rate;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the chapter's HTML replaces the elements it marks
  useEffect(() => {
    const container = content.current;
    const element = audio.current;
    if (!readAlong || !container || !element) return;
    const created = new ReadAlong(readAlong, container, element, {
      onClip: (_, phrase) => {
        if (phrase) followLatest.current(phrase);
      },
      onStateChange: (next) => {
        setState(next);
        if (next === "ended") {
          goingOn = { contentId, until: Date.now() + GO_ON_WITHIN_MS };
          finishedLatest.current();
        }
      },
    });
    created.setRate(rateLatest.current);
    controller.current = created;
    setState("paused");
    if (goingOn && goingOn.contentId === contentId && goingOn.until > Date.now()) created.play(0);
    goingOn = null;
    return () => {
      if (created.state === "playing") goingOn = { contentId, until: Date.now() + GO_ON_WITHIN_MS };
      created.destroy();
      controller.current = null;
    };
  }, [readAlong, html, content, contentId]);

  /** The first narrated phrase on screen, else the chapter's first. */
  const firstOnScreen = (): number => {
    const area = viewport.current?.getBoundingClientRect();
    const clips = readAlong?.clips ?? [];
    if (!area) return 0;
    const found = clips.findIndex((clip) => {
      const rect = chapterElement(content.current, clip.id)?.getBoundingClientRect();
      return (
        rect !== undefined &&
        rect.bottom > area.top &&
        rect.top < area.bottom &&
        rect.right > area.left &&
        rect.left < area.right
      );
    });
    return Math.max(0, found);
  };

  return {
    isAvailable: readAlong !== null && readAlong.clips.length > 0,
    audioRef: audio,
    state,
    rate,
    play: () => {
      const current = controller.current;
      if (!current) return;
      if (current.state === "paused" && current.clipIndex >= 0) current.resume();
      else current.play(firstOnScreen());
    },
    pause: () => controller.current?.pause(),
    setRate: (next: number) => {
      setRate(next);
      controller.current?.setRate(next);
    },
  };
}
