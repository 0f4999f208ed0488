// Read-along: plays a chapter's recorded narration (an EPUB media overlay) phrase by phrase and marks
// the phrase being spoken. Each clip is a stretch of one audio file that speaks one element; this
// plays them in turn on the audio element it is given, and leaves controls, turning pages to follow
// and what to do at the end to its caller.
import { chapterElement } from "./chapter-ids.ts";

export interface ReadAlongData {
  audio: Array<{ url: string }>;
  /** `id`: the element's id as the book wrote it; `audio`: an index into `audio`; times in ms. */
  clips: Array<{ id: string; audio: number; begin: number; end: number | null }>;
  /** The class the book asks for on the phrase being spoken (`media:active-class`). */
  activeClass: string | null;
}

export type ReadAlongState = "playing" | "paused" | "ended";

export interface ReadAlongEvents {
  /** A new clip started (index -1 and no element once reading stops or ends). */
  onClip(index: number, element: Element | null): void;
  onStateChange(state: ReadAlongState): void;
}

/** The class our own stylesheet highlights the spoken phrase with. */
export const READ_ALONG_ACTIVE = "book-read-along-active";
/** Ranges closer than this touch (SMIL times are in ms): a seek between them would be heard as a gap. */
const TOUCHING_MS = 2;

export class ReadAlong {
  private readonly data: ReadAlongData;
  private readonly container: HTMLElement;
  private readonly audio: HTMLAudioElement;
  private readonly events: ReadAlongEvents;
  /** Our class and the book's own one, prefixed as the importer prefixes the book's classes. */
  private readonly classes: string[];
  private readonly found = new Map<string, Element>();
  private index = -1;
  private current: ReadAlongState = "paused";
  /** The audio file set as the element's source (compared by index: the element rewrites `src`). */
  private loaded = -1;
  /** Where a newly set file must start (s), sought again once its length is known (the latest seek wins). */
  private pendingSeek: number | null = null;
  private marked: Element | null = null;
  private frame: number | null = null;
  private rate = 1;
  private destroyed = false;
  private readonly listeners: Array<[string, () => void]>;

  constructor(
    readAlong: ReadAlongData,
    container: HTMLElement,
    audio: HTMLAudioElement,
    events: ReadAlongEvents,
  ) {
    this.data = readAlong;
    this.container = container;
    this.audio = audio;
    this.events = events;
    const bookClasses = (readAlong.activeClass ?? "").split(/\s+/).filter(Boolean);
    this.classes = [READ_ALONG_ACTIVE, ...bookClasses.map((name) => `pub-${name}`)];
    this.listeners = [
      // Four times a second, and also in a background tab, where animation frames stop.
      ["timeupdate", () => this.check()],
      ["ended", () => this.fileEnded()],
      ["loadedmetadata", () => this.applyPendingSeek()],
      ["pause", () => this.pausedOutside()],
      ["play", () => this.playedOutside()],
    ];
    for (const [type, listener] of this.listeners) audio.addEventListener(type, listener);
  }

  get clipIndex(): number {
    return this.index;
  }

  get state(): ReadAlongState {
    return this.current;
  }

  /** Starts reading at that clip (clamped to the chapter's clips). */
  play(fromClip: number): void {
    if (this.destroyed) return;
    const count = this.data.clips.length;
    if (count === 0) {
      this.setState("ended");
      return;
    }
    this.setState("playing");
    this.go(Math.min(count - 1, Math.max(0, Math.trunc(fromClip) || 0)), true);
    this.startLoop();
  }

  pause(): void {
    if (this.destroyed || this.current !== "playing") return;
    this.setState("paused");
    this.stopLoop();
    this.audio.pause();
  }

  /** Goes on where it paused; from the first clip when nothing was being read. */
  resume(): void {
    if (this.destroyed || this.current === "playing") return;
    if (this.index < 0) {
      this.play(0);
      return;
    }
    this.setState("playing");
    void this.startAudio();
    this.startLoop();
  }

  /** Stops reading and takes the mark off; the next `resume` starts from the first clip. */
  stop(): void {
    if (!this.destroyed) this.finish();
  }

  setRate(rate: number): void {
    if (!Number.isFinite(rate) || rate <= 0) return;
    // Chromium refuses rates outside 1/16–16; beyond 4 nothing is intelligible anyway.
    this.rate = Math.min(4, Math.max(0.25, rate));
    // A new source resets the rate to the default one, so both are set.
    this.audio.defaultPlaybackRate = this.rate;
    this.audio.playbackRate = this.rate;
  }

  /**
   * The clip to start at for an element on screen: the first one whose element is `element`, is
   * inside it or holds it, or else comes after it in the page; -1 when none does.
   */
  clipOfElement(element: Element): number {
    for (const [index, clip] of this.data.clips.entries()) {
      const target = this.elementOf(clip.id);
      if (!target) continue;
      if (target === element || element.contains(target) || target.contains(element)) return index;
      if (element.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) return index;
    }
    return -1;
  }

  /** Stops for good, quietly: the caller is going away. */
  destroy(): void {
    this.halt();
    this.destroyed = true;
    for (const [type, listener] of this.listeners) this.audio.removeEventListener(type, listener);
  }

  private finish(): void {
    this.halt();
    this.events.onClip(-1, null);
    this.setState("ended");
  }

  private halt(): void {
    this.stopLoop();
    this.audio.pause();
    this.unmark();
    this.index = -1;
  }

  /** Moves on when the clip's end is reached; through several clips at once if they were short. */
  private check(): void {
    if (this.destroyed || this.current !== "playing" || this.index < 0) return;
    const now = this.audio.currentTime * 1000;
    let clip = this.data.clips[this.index];
    while (clip && clip.end !== null && now >= clip.end) {
      if (!this.advance()) return;
      clip = this.data.clips[this.index];
    }
  }

  /** The file ran out: the clip read to its end, or its end was past the file's. */
  private fileEnded(): void {
    // The end comes right after a last timeupdate, which may already have moved on to another
    // file or place; then this end is not the current clip's.
    if (this.destroyed || this.current !== "playing" || this.index < 0 || !this.audio.ended) return;
    this.advance();
  }

  /** The next clip, or the end; true when it carried on without a seek (the audio flows on). */
  private advance(): boolean {
    const clip = this.data.clips[this.index];
    const next = this.data.clips[this.index + 1];
    if (!clip || !next) {
      this.finish();
      return false;
    }
    const flows =
      next.audio === clip.audio &&
      clip.end !== null &&
      Math.abs(next.begin - clip.end) <= TOUCHING_MS &&
      !this.audio.ended;
    this.go(this.index + 1, !flows);
    return flows;
  }

  private go(index: number, seek: boolean): void {
    const clip = this.data.clips[index];
    if (!clip) return;
    this.index = index;
    if (seek) this.load(clip);
    const element = this.elementOf(clip.id);
    this.mark(element);
    this.events.onClip(index, element);
    if (this.current === "playing" && this.audio.paused) void this.startAudio();
  }

  /** Sets the source only when the file changes, then seeks to the clip's start. */
  private load(clip: ReadAlongData["clips"][number]): void {
    const seconds = clip.begin / 1000;
    if (clip.audio !== this.loaded) {
      const file = this.data.audio[clip.audio];
      if (!file) return;
      this.audio.src = file.url;
      this.loaded = clip.audio;
      this.setRate(this.rate);
      this.pendingSeek = seconds;
    }
    if (this.pendingSeek !== null) this.pendingSeek = seconds;
    this.audio.currentTime = seconds;
  }

  /** A seek made before a file's length is known may be dropped by the element; it is made again. */
  private applyPendingSeek(): void {
    if (this.pendingSeek !== null) this.audio.currentTime = this.pendingSeek;
    this.pendingSeek = null;
  }

  private async startAudio(): Promise<void> {
    try {
      await this.audio.play();
    } catch (error) {
      // A newer source or a pause interrupted this start: nothing went wrong.
      if (error instanceof DOMException && error.name === "AbortError") return;
      // Refused (no user gesture yet) or the file cannot be played: show it as paused.
      if (!this.destroyed && this.current === "playing") {
        this.stopLoop();
        this.setState("paused");
      }
    }
  }

  /** Paused by the system (a headset button, another tab's media) rather than by us. */
  private pausedOutside(): void {
    // Not when the file ended (the next clip follows), nor when playback already started again.
    if (this.destroyed || this.current !== "playing" || this.audio.ended || !this.audio.paused) return;
    this.stopLoop();
    this.setState("paused");
  }

  private playedOutside(): void {
    // Not the late event of a start we have paused since.
    if (this.destroyed || this.current !== "paused" || this.index < 0 || this.audio.paused) return;
    this.setState("playing");
    this.startLoop();
  }

  /** Checks every frame while playing: timeupdate alone would let a phrase run ~250 ms over. */
  private startLoop(): void {
    if (this.frame !== null || typeof requestAnimationFrame !== "function") return;
    const tick = () => {
      this.frame = null;
      this.check();
      if (!this.destroyed && this.current === "playing") this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  private stopLoop(): void {
    if (this.frame === null) return;
    cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  private setState(state: ReadAlongState): void {
    if (this.current === state) return;
    this.current = state;
    this.events.onStateChange(state);
  }

  /** The clip's element, remembered while it stays in the chapter (chapters have thousands of clips). */
  private elementOf(id: string): Element | null {
    const known = this.found.get(id);
    if (known?.isConnected && this.container.contains(known)) return known;
    const element = chapterElement(this.container, id);
    if (element) this.found.set(id, element);
    return element;
  }

  private mark(element: Element | null): void {
    if (element === this.marked) return;
    this.unmark();
    element?.classList.add(...this.classes);
    this.marked = element;
  }

  private unmark(): void {
    this.marked?.classList.remove(...this.classes);
    this.marked = null;
  }
}
