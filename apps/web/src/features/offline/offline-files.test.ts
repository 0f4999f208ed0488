import type { EpisodeContent, EpisodePayload } from "@litverse/shared/content";
import { describe, expect, it } from "vitest";
import {
  chapterImageUrls,
  type DownloadEntry,
  downloadFailureMessage,
  episodeDownloadKey,
  episodeMediaUrls,
  formatBytes,
  groupByTitle,
} from "./offline-files.ts";

const BASE = "/media/episodes/ep1/1800000000.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

function episode(
  payload: EpisodePayload,
  coverImage: string | null = "/media/covers/c/cover-1.jpg",
): EpisodeContent {
  return {
    content: {
      _id: "c1",
      title: "Moby-Dick",
      author: "Herman Melville",
      coverImage,
      accessType: "free",
      contentType: "book",
      readingDirection: "ltr",
      writingMode: "horizontal",
    },
    episode: {
      _id: "ep1",
      number: 2,
      title: "Loomings",
      publishedAt: "2026-01-01T00:00:00.000Z",
      priceCoins: 0,
      durationMs: null,
      wordCount: 10,
      pageCount: null,
      lock: null,
      progress: null,
    },
    payload,
    previousNumber: 1,
    nextNumber: 3,
    expiresAt: "2026-01-01T12:00:00.000Z",
  };
}

describe("episodeDownloadKey", () => {
  it("is the worker's key for the episode's content", () => {
    expect(episodeDownloadKey("c1", 2)).toBe("/offline/episodes/c1/2.json");
  });
});

describe("episodeMediaUrls", () => {
  it("takes a chapter's images, each once, and the cover", () => {
    const html = `<p>Call me Ishmael.</p><img src="${BASE}/images/a.png" alt="A" /><img alt='B' src='${BASE}/images/b&amp;c.png'><img src="${BASE}/images/a.png" />`;
    expect(
      episodeMediaUrls(
        episode({ kind: "book", html, wordCount: 3, css: null, layout: "reflowable", readAlong: null }),
      ),
    ).toEqual([`${BASE}/images/a.png`, `${BASE}/images/b&c.png`, "/media/covers/c/cover-1.jpg"]);
  });

  it("takes a drawing's pictures and the fonts and pictures of the book's stylesheet", () => {
    const html = `<svg viewBox="0 0 1 1"><image xlink:href="${BASE}/images/p.png"></image></svg><audio controls="" src="${BASE}/audio/a.mp3"></audio>`;
    const css = `@font-face{font-family:"lv-book-A";src:url("${BASE}/fonts/a.woff2") format("woff2")}.lv-publisher p{background:url(${BASE}/images/bg.png)}.lv-publisher .pub-x{fill:url(#book-g)}`;
    expect(
      episodeMediaUrls(
        episode({ kind: "book", html, wordCount: 0, css, layout: "reflowable", readAlong: null }),
      ),
    ).toEqual([
      `${BASE}/images/p.png`,
      `${BASE}/audio/a.mp3`,
      `${BASE}/fonts/a.woff2`,
      `${BASE}/images/bg.png`,
      "/media/covers/c/cover-1.jpg",
    ]);
  });

  it("takes the audio file", () => {
    const payload: EpisodePayload = {
      kind: "audio",
      url: `${BASE}/audio.m4b`,
      mimeType: "audio/mp4",
      durationMs: 1000,
      chapters: [],
    };
    expect(episodeMediaUrls(episode(payload, null))).toEqual([`${BASE}/audio.m4b`]);
  });

  it("takes a comic's pages", () => {
    const pages = [1, 2].map((page) => ({ url: `${BASE}/pages/${page}.jpg`, width: 800, height: 1200 }));
    expect(episodeMediaUrls(episode({ kind: "comic", pages }, "/demo/covers/page-blanche.svg"))).toEqual([
      `${BASE}/pages/1.jpg`,
      `${BASE}/pages/2.jpg`,
      "/demo/covers/page-blanche.svg",
    ]);
  });

  it("takes a video, its poster and its subtitles, and leaves other sites' files out", () => {
    const payload: EpisodePayload = {
      kind: "video",
      url: `${BASE}/video.mp4`,
      posterUrl: `${BASE}/poster.jpg`,
      durationMs: 8000,
      width: 540,
      height: 960,
      subtitles: [{ url: `${BASE}/en.vtt`, language: "en", label: "English" }],
    };
    expect(episodeMediaUrls(episode(payload, "https://cdn.example.com/cover.jpg"))).toEqual([
      `${BASE}/video.mp4`,
      `${BASE}/poster.jpg`,
      `${BASE}/en.vtt`,
    ]);
    expect(
      episodeMediaUrls(episode({ ...payload, posterUrl: null, subtitles: [] }, "//cdn.example.com/c.jpg")),
    ).toEqual([`${BASE}/video.mp4`]);
  });

  it("reads only the sources of images", () => {
    expect(chapterImageUrls('<a href="/x">x</a><p data-src="/y">y</p><img  src = "/z.png">')).toEqual([
      "/z.png",
    ]);
  });
});

describe("formatBytes", () => {
  it("says sizes as people read them", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(820)).toBe("820 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(996_951)).toBe("974 KB");
    expect(formatBytes(1024 * 1024 - 1)).toBe("1 MB");
    expect(formatBytes(3.25 * 1024 * 1024)).toBe("3.3 MB");
    expect(formatBytes(12 * 1024 ** 3)).toBe("12 GB");
  });
});

describe("downloadFailureMessage", () => {
  it("says what went wrong and what to do", () => {
    expect(downloadFailureMessage("quota")).toMatch(/not enough storage/i);
    expect(downloadFailureMessage("http", 403)).toMatch(/expired/);
    expect(downloadFailureMessage("http", 500)).toMatch(/server/);
    expect(downloadFailureMessage("network")).toMatch(/connection/);
  });
});

describe("groupByTitle", () => {
  const entry = (contentId: string, number: number, downloadedAt: string, bytes = 100): DownloadEntry => ({
    key: episodeDownloadKey(contentId, number),
    contentId,
    number,
    title: contentId === "a" ? "Alpha" : "Beta",
    episodeTitle: `Episode ${number}`,
    contentType: "book",
    kind: "book",
    coverUrl: null,
    bytes,
    files: [],
    downloadedAt,
  });

  it("puts episodes under their title in order, the latest title first", () => {
    const titles = groupByTitle([
      entry("a", 3, "2026-01-01T10:00:00.000Z"),
      entry("b", 1, "2026-01-02T10:00:00.000Z"),
      entry("a", 1, "2026-01-03T10:00:00.000Z", 50),
    ]);
    expect(
      titles.map((title) => [title.title, title.episodes.map((episode) => episode.number), title.bytes]),
    ).toEqual([
      ["Alpha", [1, 3], 150],
      ["Beta", [1], 100],
    ]);
    expect(titles[0]?.downloadedAt).toBe("2026-01-03T10:00:00.000Z");
  });
});
