import { describe, expect, it } from "vitest";
import {
  checkVtt,
  decodeSubtitleBytes,
  languageFromSubtitleName,
  languageLabel,
  srtToVtt,
} from "./subtitles.ts";

describe("srtToVtt", () => {
  it("writes the header, decimal points and two-digit hours, dropping cue numbers", () => {
    const srt =
      "\uFEFF1\r\n0:00:01,5 --> 0:00:02,250\r\nHello\r\n<i>there</i>\r\n\r\n2\r\n00:01:00,000 --> 00:01:02,000 X1:10 X2:20\r\n{\\an8}Top --> line\r\n";
    expect(srtToVtt(srt)).toBe(
      "WEBVTT\n\n00:00:01.500 --> 00:00:02.250\nHello\n<i>there</i>\n\n00:01:00.000 --> 00:01:02.000\nTop → line\n",
    );
  });

  it("skips blocks without valid times or text", () => {
    expect(srtToVtt("1\n00:00:01,000 --> later\nNo\n\n2\n00:00:03,000 --> 00:00:04,000\n\n")).toBe(
      "WEBVTT\n\n\n",
    );
  });
});

describe("checkVtt", () => {
  it("accepts WebVTT with notes, styles, cue ids and settings", () => {
    const vtt =
      "WEBVTT - a title\r\n\r\nNOTE made by hand\r\n\r\nSTYLE\r\n::cue { color: red }\r\n\r\nintro\r\n00:00.000 --> 00:01.000 line:0\r\nHi\r\n\r\n01:00:00.000 --> 01:00:01.500\r\nBye";
    const check = checkVtt(vtt);
    expect(check).toMatchObject({ ok: true, cues: 2 });
    if (check.ok) expect(check.text.endsWith("Bye\n")).toBe(true);
  });

  it.each([
    ["00:00.000 --> 00:01.000\nHi", "it does not start with WEBVTT"],
    ["WEBVTTX\n\n00:00.000 --> 00:01.000\nHi", "it does not start with WEBVTT"],
    ["WEBVTT\n\n00:00,000 --> 00:01,000\nHi", "a cue has no valid times (“00:00,000 --> 00:01,000”)"],
    ["WEBVTT\n\n00:02.000 --> 00:01.000\nHi", "a cue ends before it starts (00:02.000 --> 00:01.000)"],
    ["WEBVTT\n\nNOTE nothing else", "it has no cues"],
  ])("refuses %j", (vtt, reason) => {
    expect(checkVtt(vtt)).toEqual({ ok: false, reason });
  });
});

describe("subtitle names and labels", () => {
  it("reads the language after the video's name", () => {
    expect(languageFromSubtitleName("drama-ep1.en", "drama-ep1")).toBe("en");
    expect(languageFromSubtitleName("drama-ep1.pt-br.forced", "drama-ep1")).toBe("pt-BR");
    expect(languageFromSubtitleName("drama-ep1.sdh.fra", "drama-ep1")).toBe("fr");
    expect(languageFromSubtitleName("drama-ep1", "drama-ep1")).toBe("und");
    expect(languageFromSubtitleName("drama-ep1.english-version", "drama-ep1")).toBe("und");
  });

  it("labels languages in their own words, else by code", () => {
    expect(languageLabel("en")).toBe("English");
    expect(languageLabel("fr")).toBe("Français");
    expect(languageLabel("es-MX")).toBe("Español");
    expect(languageLabel("xx")).toBe("xx");
    expect(languageLabel("und")).toBe("Subtitles");
  });

  it("decodes UTF-8, UTF-16 and Windows-1252 subtitle files", () => {
    expect(decodeSubtitleBytes(Buffer.from("\uFEFFça", "utf8"))).toBe("ça");
    expect(decodeSubtitleBytes(Buffer.from([0xe7, 0x61, 0x80]))).toBe("ça€");
    expect(
      decodeSubtitleBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("ça", "utf16le")])),
    ).toBe("ça");
  });
});
