// ffmpeg and ffprobe, run without a shell, killed on timeout or abort. Their stderr is kept for
// the short reason added to our own plain error messages.
import { spawn } from "node:child_process";
import path from "node:path";
import { AppError } from "../../core/errors.ts";
import { refuse } from "./context.ts";

export interface ToolRun {
  timeoutMs: number;
  signal: AbortSignal | undefined;
  /** Each complete line of stdout, as it arrives (ffmpeg `-progress pipe:1`). */
  onStdoutLine?: (line: string) => void;
  /** Largest stdout kept; ffprobe's JSON is small, ffmpeg's progress is read line by line. */
  maxStdoutBytes?: number;
}

export class MediaToolError extends Error {
  readonly stderr: string;
  readonly exitCode: number | null;
  constructor(message: string, stderr: string, exitCode: number | null) {
    super(message);
    this.name = "MediaToolError";
    this.stderr = stderr;
    this.exitCode = exitCode;
  }
}

const STDERR_KEEP = 64 * 1024;

export function runTool(
  tool: "ffmpeg" | "ffprobe",
  args: string[],
  run: ToolRun,
): Promise<{ stdout: string; stderr: string }> {
  run.signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["ignore", "pipe", "pipe"], shell: false });
    const maxStdout = run.maxStdoutBytes ?? 32 * 1024 * 1024;
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let lineBuffer = "";
    let stderr = "";
    let settled = false;
    let killedFor: "timeout" | "abort" | "output" | null = null;

    const kill = (why: "timeout" | "abort" | "output") => {
      if (killedFor) return;
      killedFor = why;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => kill("timeout"), run.timeoutMs);
    const onAbort = () => kill("abort");
    run.signal?.addEventListener("abort", onAbort, { once: true });

    const finish = (error: Error | null, result?: { stdout: string; stderr: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal?.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else if (result) resolve(result);
    };

    child.stdout.on("data", (chunk: Buffer) => {
      if (run.onStdoutLine) {
        lineBuffer += chunk.toString("utf8");
        let newline = lineBuffer.indexOf("\n");
        while (newline !== -1) {
          run.onStdoutLine(lineBuffer.slice(0, newline).trim());
          lineBuffer = lineBuffer.slice(newline + 1);
          newline = lineBuffer.indexOf("\n");
        }
        return;
      }
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) kill("output");
      else stdoutChunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      if (stderr.length > STDERR_KEEP) stderr = stderr.slice(-STDERR_KEEP);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      const message =
        error.code === "ENOENT"
          ? `${tool} is not installed on the server, so audio and video cannot be imported.`
          : `${tool} could not be started.`;
      finish(new AppError("UNAVAILABLE", message));
    });
    child.on("close", (code) => {
      if (killedFor === "abort") {
        finish(abortReason(run.signal));
      } else if (killedFor === "timeout") {
        finish(
          refuse(`Processing the file took longer than ${formatDuration(run.timeoutMs)} and was stopped.`),
        );
      } else if (killedFor === "output") {
        finish(refuse("The media file's description is unreasonably large."));
      } else if (code !== 0) {
        finish(new MediaToolError(`${tool} exited with code ${code}`, stderr, code));
      } else {
        finish(null, { stdout: Buffer.concat(stdoutChunks).toString("utf8"), stderr });
      }
    });
  });
}

/** "10 minutes", "1 minute", "30 seconds". */
function formatDuration(ms: number): string {
  if (ms >= 60_000) {
    const minutes = Math.round(ms / 60_000);
    return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  }
  const secondsValue = Math.max(1, Math.round(ms / 1000));
  return `${secondsValue} second${secondsValue === 1 ? "" : "s"}`;
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException("The import was cancelled.", "AbortError");
}

/** The last meaningful line of ffmpeg's stderr, short enough to append to a plain message. */
export function shortReason(error: unknown): string {
  if (!(error instanceof MediaToolError)) return "";
  const lines = error.stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !/^(ffmpeg|ffprobe) version|^built with|^configuration:|^lib\w+ /.test(line));
  const last = lines.at(-1);
  if (!last) return "";
  // Paths in the message would only show the upload's random storage name.
  const cleaned = last.replace(/\/[^\s:'"]+/g, "…").slice(0, 160);
  return ` (${cleaned})`;
}

/** Turns a failed tool run into a plain AppError; AppErrors and aborts pass through. */
export function mediaFailure(error: unknown, message: string): Error {
  if (error instanceof AppError) return error;
  if (error instanceof DOMException && error.name === "AbortError") return error;
  if (error instanceof Error && error.name === "AbortError") return error;
  if (error instanceof MediaToolError) return refuse(`${message}${shortReason(error)}`);
  return refuse(message);
}

/**
 * A path as ffmpeg should read it: absolute and with the `file:` protocol, so that a name can never
 * be taken for an option or another protocol.
 */
export function mediaPath(file: string): string {
  return `file:${path.resolve(file)}`;
}

/**
 * Only the containers we import may be opened, and only local files: a file ffmpeg would take for
 * a playlist (HLS, concat…) could otherwise make it read other files or reach the network.
 */
const INPUT_LIMITS = [
  "-protocol_whitelist",
  "file",
  "-format_whitelist",
  "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,mp3,aac",
];

/** Input options for every ffmpeg run. */
export function inputArgs(file: string, before: string[] = []): string[] {
  return [...before, ...INPUT_LIMITS, "-i", mediaPath(file)];
}

/** Options every ffmpeg run starts with. */
export const FFMPEG_BASE = ["-hide_banner", "-nostdin", "-y", "-loglevel", "error"];

// ---- ffprobe ------------------------------------------------------------------------------------

export interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  duration?: string;
  nb_frames?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: Record<string, number>;
  tags?: Record<string, string>;
  side_data_list?: Array<Record<string, unknown>>;
}

export interface ProbeChapter {
  start_time?: string;
  end_time?: string;
  tags?: Record<string, string>;
}

export interface ProbeResult {
  streams: ProbeStream[];
  chapters: ProbeChapter[];
  format: {
    format_name?: string;
    duration?: string;
    tags?: Record<string, string>;
  };
}

export async function probe(
  file: string,
  run: Omit<ToolRun, "onStdoutLine">,
  what = "The media file",
): Promise<ProbeResult> {
  let stdout: string;
  try {
    ({ stdout } = await runTool(
      "ffprobe",
      [
        "-v",
        "error",
        "-print_format",
        "json",
        "-show_format",
        "-show_streams",
        "-show_chapters",
        ...INPUT_LIMITS,
        mediaPath(file),
      ],
      run,
    ));
  } catch (error) {
    throw mediaFailure(error, `${what} could not be read: it may be damaged or in a format we do not know`);
  }
  let parsed: Partial<ProbeResult>;
  try {
    parsed = JSON.parse(stdout) as Partial<ProbeResult>;
  } catch {
    throw refuse(`${what} could not be read: it may be damaged.`);
  }
  return {
    streams: Array.isArray(parsed.streams) ? parsed.streams : [],
    chapters: Array.isArray(parsed.chapters) ? parsed.chapters : [],
    format: parsed.format ?? {},
  };
}

/** Tag lookup ignoring case (MP4 says "title", ID3 via ffprobe sometimes "TITLE"). */
export function tag(tags: Record<string, string> | undefined, ...names: string[]): string | null {
  if (!tags) return null;
  for (const name of names) {
    for (const [key, value] of Object.entries(tags)) {
      if (key.toLowerCase() === name.toLowerCase() && typeof value === "string" && value.trim()) {
        return value.trim();
      }
    }
  }
  return null;
}

export function seconds(value: string | number | undefined): number | null {
  const number = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  return Number.isFinite(number) && number >= 0 ? number : null;
}

/** A moving picture, not cover art attached to an audio file. */
export function isRealVideo(stream: ProbeStream): boolean {
  if (stream.codec_type !== "video") return false;
  if (stream.disposition?.attached_pic === 1) return false;
  if (["png", "bmp", "gif", "webp", "tiff"].includes(stream.codec_name ?? "")) return false;
  if (stream.codec_name === "mjpeg" && (stream.nb_frames === "1" || stream.avg_frame_rate === "0/0")) {
    return false;
  }
  return true;
}

/**
 * Whether the player turns the picture a quarter turn (phones record sideways and say so, in the
 * display matrix or an old `rotate` tag): its width and height then swap on screen.
 */
export function isSideways(stream: ProbeStream | undefined): boolean {
  if (!stream) return false;
  const fromSideData = stream.side_data_list?.find((data) => typeof data.rotation === "number")?.rotation;
  const value =
    typeof fromSideData === "number" ? fromSideData : Number.parseFloat(stream.tags?.rotate ?? "0");
  return Number.isFinite(value) && Math.abs(value) % 180 === 90;
}

export function isCoverArt(stream: ProbeStream): boolean {
  return stream.codec_type === "video" && !isRealVideo(stream);
}

/** ISO 639-2 codes found in media tags, mapped to the BCP 47 form the catalogue uses. */
const LANGUAGE_3_TO_2: Record<string, string> = {
  eng: "en",
  fre: "fr",
  fra: "fr",
  spa: "es",
  ger: "de",
  deu: "de",
  ita: "it",
  por: "pt",
  rus: "ru",
  jpn: "ja",
  kor: "ko",
  chi: "zh",
  zho: "zh",
  ara: "ar",
  hin: "hi",
  dut: "nl",
  nld: "nl",
  swe: "sv",
  nor: "no",
  dan: "da",
  fin: "fi",
  pol: "pl",
  tur: "tr",
  gre: "el",
  ell: "el",
  heb: "he",
  ind: "id",
  vie: "vi",
  tha: "th",
  ukr: "uk",
  cze: "cs",
  ces: "cs",
  hun: "hu",
  rum: "ro",
  ron: "ro",
  per: "fa",
  fas: "fa",
  may: "ms",
  msa: "ms",
  tgl: "tl",
  fil: "fil",
};

/** "eng" → "en", "fr-CA" → "fr-CA", "und" or nonsense → null. */
export function normaliseLanguage(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim().replace(/_/g, "-");
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(trimmed)) return null;
  const [primary = "", ...rest] = trimmed.split("-");
  const lower = primary.toLowerCase();
  if (lower === "und" || lower === "mul" || lower === "zxx") return null;
  const base = lower.length === 3 ? (LANGUAGE_3_TO_2[lower] ?? lower) : lower;
  const subtags = rest.map((part) =>
    part.length === 2
      ? part.toUpperCase()
      : part.length === 4
        ? part[0]?.toUpperCase() + part.slice(1).toLowerCase()
        : part.toLowerCase(),
  );
  return [base, ...subtags].join("-");
}
