// Subtitles stored as WebVTT: SRT converted here (it differs mostly in its header and decimal
// commas), every file checked to hold at least one well-formed cue.
import { normaliseLanguage } from "./media-tools.ts";

const TIMESTAMP = String.raw`(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}`;
const CUE_TIMING = new RegExp(`^(${TIMESTAMP})[ \\t]+-->[ \\t]+(${TIMESTAMP})(?:[ \\t]+.*)?$`);

/** Subtitle bytes as text: UTF-8 (BOM dropped), else Windows-1252, which old SRT files often use. */
export function decodeSubtitleBytes(buffer: Buffer): string {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder("utf-16le").decode(buffer.subarray(2));
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder("utf-16be").decode(buffer.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder("windows-1252").decode(buffer);
  }
}

function normaliseNewlines(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

/** "1:02:03,4" → "01:02:03.400". */
function srtTimestamp(value: string): string | null {
  const match = /^(\d{1,}):(\d{1,2}):(\d{1,2})[,.](\d{1,3})$/.exec(value.trim());
  if (!match) return null;
  const [, hours = "0", minutes = "0", secondsPart = "0", millis = "0"] = match;
  if (Number(minutes) > 59 || Number(secondsPart) > 59) return null;
  return `${hours.padStart(2, "0")}:${minutes.padStart(2, "0")}:${secondsPart.padStart(2, "0")}.${millis.padEnd(3, "0")}`;
}

export function srtToVtt(srt: string): string {
  const cues: string[] = [];
  for (const block of normaliseNewlines(srt).split(/\n[ \t]*\n+/)) {
    const lines = block
      .split("\n")
      .filter((line, index, all) => index < all.length - 1 || line.trim() !== "");
    const timingIndex = lines.findIndex((line) => line.includes("-->"));
    if (timingIndex === -1) continue;
    const [startText = "", endText = ""] = (lines[timingIndex] ?? "").split("-->");
    const start = srtTimestamp(startText);
    // SRT files sometimes carry position hints after the end time ("X1:… Y1:…"); WebVTT has its own.
    const end = srtTimestamp(endText.trim().split(/\s+/)[0] ?? "");
    if (!start || !end) continue;
    const text = lines
      .slice(timingIndex + 1)
      // {\an8}-style ASS overrides are noise in WebVTT; "-->" would end the cue's text.
      .map((line) => line.replace(/\{\\[^}]*\}/g, "").replace(/-->/g, "→"))
      .join("\n")
      .trim();
    if (!text) continue;
    cues.push(`${start} --> ${end}\n${text}`);
  }
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

function toMillis(timestamp: string): number {
  const parts = timestamp.split(":").map(Number);
  const secondsPart = parts.pop() ?? 0;
  const minutes = parts.pop() ?? 0;
  const hours = parts.pop() ?? 0;
  return Math.round(((hours * 60 + minutes) * 60 + secondsPart) * 1000);
}

export type VttCheck = { ok: true; cues: number; text: string } | { ok: false; reason: string };

/** Checks WebVTT and returns it with normalised line endings. */
export function checkVtt(input: string): VttCheck {
  const text = normaliseNewlines(input);
  if (!/^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(text))
    return { ok: false, reason: "it does not start with WEBVTT" };
  const blocks = text.split(/\n[ \t]*\n+/).slice(1);
  let cues = 0;
  for (const block of blocks) {
    const lines = block.split("\n").filter((line) => line.trim() !== "");
    const first = lines[0];
    if (!first || /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) continue;
    const timingLine = first.includes("-->") ? first : lines[1];
    const match = timingLine ? CUE_TIMING.exec(timingLine.trim()) : null;
    if (!match)
      return { ok: false, reason: `a cue has no valid times (“${(timingLine ?? first).slice(0, 60)}”)` };
    if (toMillis(match[2] ?? "") < toMillis(match[1] ?? "")) {
      return { ok: false, reason: `a cue ends before it starts (${match[1]} --> ${match[2]})` };
    }
    cues++;
  }
  if (cues === 0) return { ok: false, reason: "it has no cues" };
  return { ok: true, cues, text: text.endsWith("\n") ? text : `${text}\n` };
}

const LANGUAGE_LABELS: Record<string, string> = {
  en: "English",
  fr: "Français",
  es: "Español",
  de: "Deutsch",
  it: "Italiano",
  pt: "Português",
  "pt-BR": "Português (Brasil)",
  nl: "Nederlands",
  sv: "Svenska",
  no: "Norsk",
  da: "Dansk",
  fi: "Suomi",
  pl: "Polski",
  cs: "Čeština",
  hu: "Magyar",
  ro: "Română",
  el: "Ελληνικά",
  tr: "Türkçe",
  ru: "Русский",
  uk: "Українська",
  ar: "العربية",
  he: "עברית",
  fa: "فارسی",
  hi: "हिन्दी",
  th: "ไทย",
  vi: "Tiếng Việt",
  id: "Bahasa Indonesia",
  ms: "Bahasa Melayu",
  tl: "Tagalog",
  fil: "Filipino",
  ja: "日本語",
  ko: "한국어",
  zh: "中文",
  "zh-Hans": "中文（简体）",
  "zh-Hant": "中文（繁體）",
};

export function languageLabel(language: string): string {
  if (language === "und") return "Subtitles";
  return LANGUAGE_LABELS[language] ?? LANGUAGE_LABELS[language.split("-")[0] ?? ""] ?? language;
}

/** Name parts that describe a subtitle track, not its language. */
const NOT_LANGUAGES = new Set(["sdh", "cc", "forced", "default", "sub", "subs", "full"]);

/**
 * The language a companion subtitle's name gives after its video's name:
 * ("drama-ep1.en.vtt", "drama-ep1") → "en"; "drama-ep1.vtt" → "und".
 */
export function languageFromSubtitleName(subtitleBase: string, videoBase: string): string {
  const rest = subtitleBase.slice(videoBase.length).replace(/^\./, "");
  for (const part of rest.split(".")) {
    if (NOT_LANGUAGES.has(part.toLowerCase())) continue;
    const language = normaliseLanguage(part);
    if (language) return language;
  }
  return "und";
}
