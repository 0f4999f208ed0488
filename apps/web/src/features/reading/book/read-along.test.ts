// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { READ_ALONG_ACTIVE, ReadAlong, type ReadAlongData, type ReadAlongState } from "./read-along.ts";

/** An audio element as far as the controller uses it: it records sources and seeks, and plays on command. */
class FakeAudio extends EventTarget {
  paused = true;
  ended = false;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  refusePlay = false;
  readonly sources: string[] = [];
  readonly seeks: number[] = [];
  plays = 0;
  private time = 0;
  private source = "";

  get src() {
    return this.source;
  }
  set src(url: string) {
    // As a real element does, a new source stops playback, rewinds and is no longer at its end.
    this.source = `https://books.example${url}`;
    this.sources.push(url);
    this.time = 0;
    this.ended = false;
    this.paused = true;
  }
  get currentTime() {
    return this.time;
  }
  set currentTime(seconds: number) {
    this.seeks.push(seconds);
    this.time = seconds;
    this.ended = false;
  }
  play() {
    this.plays++;
    if (this.refusePlay) return Promise.reject(new DOMException("no gesture", "NotAllowedError"));
    this.paused = false;
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  /** Playback reaching `seconds`, with the timeupdate the element would fire. */
  reach(seconds: number) {
    this.time = seconds;
    this.dispatchEvent(new Event("timeupdate"));
  }
  /** The file running out: timeupdate, pause and ended, as the element fires them. */
  finish(seconds: number) {
    this.time = seconds;
    this.ended = true;
    this.paused = true;
    for (const type of ["timeupdate", "pause", "ended"]) this.dispatchEvent(new Event(type));
  }
}

const DATA: ReadAlongData = {
  audio: [{ url: "/one.mp3" }, { url: "/two.mp3" }],
  clips: [
    { id: "a", audio: 0, begin: 0, end: 1000 },
    { id: "b", audio: 0, begin: 1000, end: 2500 },
    { id: "c", audio: 0, begin: 4000, end: 5000 },
    { id: "d", audio: 1, begin: 500, end: null },
  ],
  activeClass: "my-active",
};

let container: HTMLElement;
let audio: FakeAudio;
let clips: Array<[number, string | null]>;
let states: ReadAlongState[];
let frames: FrameRequestCallback[];

function start(data: ReadAlongData = DATA) {
  return new ReadAlong(data, container, audio as unknown as HTMLAudioElement, {
    onClip: (index, element) => clips.push([index, element?.id ?? null]),
    onStateChange: (state) => states.push(state),
  });
}

const marked = () => [...container.querySelectorAll(`.${READ_ALONG_ACTIVE}`)].map((element) => element.id);

beforeEach(() => {
  // jsdom has no CSS.escape; these tests' ids need no escaping.
  vi.stubGlobal("CSS", { escape: (value: string) => value });
  frames = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal("cancelAnimationFrame", (handle: number) => {
    frames[handle - 1] = () => {};
  });
  container = document.createElement("div");
  container.innerHTML =
    '<h1 id="book-title">Title</h1><p id="book-a">A</p><p id="book-b">B <em id="book-inner">b</em></p>' +
    '<section id="book-s"><p id="book-c">C</p><p id="book-d">D</p></section><p id="book-after">end</p>';
  document.body.append(container);
  audio = new FakeAudio();
  clips = [];
  states = [];
});

afterEach(() => {
  container.remove();
  vi.unstubAllGlobals();
});

describe("ReadAlong", () => {
  it("plays clip after clip, marking each element with our class and the book's own", async () => {
    const readAlong = start();
    readAlong.play(0);
    await Promise.resolve();
    expect(readAlong.state).toBe("playing");
    expect(audio.sources).toEqual(["/one.mp3"]);
    expect(audio.paused).toBe(false);
    expect(clips).toEqual([[0, "book-a"]]);
    expect(container.querySelector("#book-a")?.className).toBe(`${READ_ALONG_ACTIVE} pub-my-active`);

    audio.reach(0.6);
    expect(readAlong.clipIndex).toBe(0);
    audio.reach(1.05);
    expect(readAlong.clipIndex).toBe(1);
    expect(marked()).toEqual(["book-b"]);
    expect(container.querySelector("#book-a")?.className).toBe("");

    audio.reach(2.5);
    expect(clips.at(-1)).toEqual([2, "book-c"]);
    expect(audio.seeks).toEqual([0, 4]);
    audio.reach(5.01);
    // Another file: its source is set, then the clip's start sought.
    expect(audio.sources).toEqual(["/one.mp3", "/two.mp3"]);
    expect(audio.seeks).toEqual([0, 4, 0.5]);
    expect(marked()).toEqual(["book-d"]);
    // Setting the source stopped the element; it was started again.
    expect([audio.paused, audio.plays]).toEqual([false, 2]);

    // A clip without an end plays to the end of its file, then reading ends.
    audio.reach(90);
    expect(readAlong.clipIndex).toBe(3);
    audio.finish(95);
    expect(readAlong.state).toBe("ended");
    expect(readAlong.clipIndex).toBe(-1);
    expect(clips.at(-1)).toEqual([-1, null]);
    expect(marked()).toEqual([]);
    expect(states).toEqual(["playing", "ended"]);
  });

  it("does not seek between touching clips of one file, and runs through several short ones at once", () => {
    const readAlong = start({
      audio: [{ url: "/one.mp3" }],
      clips: [
        { id: "a", audio: 0, begin: 0, end: 1233 },
        { id: "b", audio: 0, begin: 1233, end: 1300 },
        { id: "c", audio: 0, begin: 1301, end: 7603 },
        { id: "d", audio: 0, begin: 7603, end: 9000 },
      ],
      activeClass: null,
    });
    readAlong.play(0);
    audio.reach(1.4);
    expect(readAlong.clipIndex).toBe(2);
    expect(clips.map(([index]) => index)).toEqual([0, 1, 2]);
    audio.reach(7.61);
    expect(readAlong.clipIndex).toBe(3);
    expect(audio.seeks).toEqual([0]);
    expect(audio.sources).toEqual(["/one.mp3"]);
    expect(container.querySelector("#book-d")?.className).toBe(READ_ALONG_ACTIVE);
  });

  it("moves on between timeupdates, on animation frames", () => {
    const readAlong = start();
    readAlong.play(0);
    expect(frames).toHaveLength(1);
    audio.currentTime = 1.01;
    frames.shift()?.(0);
    expect(readAlong.clipIndex).toBe(1);
    // Scheduled again while playing, and no more once paused.
    expect(frames).toHaveLength(1);
    readAlong.pause();
    frames.shift()?.(0);
    expect(frames).toHaveLength(0);
  });

  it("moves on when the file ends before the clip's end, and not twice when a timeupdate already did", () => {
    const readAlong = start();
    readAlong.play(2);
    // The file is shorter than clip 2's end: its end moves on to clip 3.
    audio.finish(4.9);
    expect(readAlong.clipIndex).toBe(3);
    expect(audio.sources).toEqual(["/one.mp3", "/two.mp3"]);
    readAlong.play(1);
    // The last timeupdate already moved on (and sought); the ended after it changes nothing.
    audio.finish(2.6);
    expect(readAlong.clipIndex).toBe(2);
    expect(readAlong.state).toBe("playing");
  });

  it("pauses, resumes, stops and sets the speed", async () => {
    const readAlong = start();
    readAlong.setRate(1.5);
    readAlong.play(1);
    expect(audio.seeks).toEqual([1]);
    readAlong.pause();
    expect(audio.paused).toBe(true);
    expect(readAlong.state).toBe("paused");
    expect(marked()).toEqual(["book-b"]);
    readAlong.resume();
    await Promise.resolve();
    expect(audio.paused).toBe(false);
    expect(audio.seeks).toEqual([1]);
    expect(audio.playbackRate).toBe(1.5);
    readAlong.setRate(1.25);
    expect([audio.playbackRate, audio.defaultPlaybackRate]).toEqual([1.25, 1.25]);
    readAlong.stop();
    expect([readAlong.state, readAlong.clipIndex, marked().length]).toEqual(["ended", -1, 0]);
    readAlong.resume();
    expect(readAlong.clipIndex).toBe(0);
    expect(states).toEqual(["playing", "paused", "playing", "ended", "playing"]);
  });

  it("shows a refused start (no user gesture yet) as paused, and follows pause and play from outside", async () => {
    const readAlong = start();
    audio.refusePlay = true;
    readAlong.play(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readAlong.state).toBe("paused");
    audio.refusePlay = false;
    readAlong.resume();
    await Promise.resolve();
    audio.pause();
    audio.dispatchEvent(new Event("pause"));
    expect(readAlong.state).toBe("paused");
    // A play from outside (a headset button) is followed; the late event of our own start is not.
    audio.paused = false;
    audio.dispatchEvent(new Event("play"));
    expect(readAlong.state).toBe("playing");
    readAlong.pause();
    audio.dispatchEvent(new Event("play"));
    expect(readAlong.state).toBe("paused");
  });

  it("stops listening when destroyed", () => {
    const readAlong = start();
    readAlong.play(0);
    readAlong.destroy();
    expect(marked()).toEqual([]);
    audio.reach(3);
    readAlong.play(1);
    expect(clips).toEqual([[0, "book-a"]]);
    expect(audio.paused).toBe(true);
  });

  it("finds the clip to start at for an element on screen", () => {
    const readAlong = start();
    const element = (id: string) => container.querySelector(`#book-${id}`) as Element;
    expect(readAlong.clipOfElement(element("title"))).toBe(0);
    expect(readAlong.clipOfElement(element("b"))).toBe(1);
    // Inside a clip's element, and holding clips' elements.
    expect(readAlong.clipOfElement(element("inner"))).toBe(1);
    expect(readAlong.clipOfElement(element("s"))).toBe(2);
    expect(readAlong.clipOfElement(element("after"))).toBe(-1);
    // Clips whose element is not in the chapter are passed over.
    const missing = start({ ...DATA, clips: [{ id: "gone", audio: 0, begin: 0, end: 1 }, ...DATA.clips] });
    expect(missing.clipOfElement(element("title"))).toBe(1);
  });
});
