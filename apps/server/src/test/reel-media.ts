// Videos made with ffmpeg at test time, the way phones and screen recorders make them (HEVC, VP9
// in WebM, a MOV recorded sideways, variable frame rate, a browser recording that does not say its
// length), tiny and short so that tests stay quick; and what ffprobe says of a converted reel.
import { spawnSync } from "node:child_process";
import { open } from "node:fs/promises";
import path from "node:path";

export type ClipKind = "h264" | "hevc" | "vp9-webm" | "rotated-mov" | "vfr" | "long" | "long-webm-no-length";

export interface ClipOptions {
  width?: number;
  height?: number;
  seconds?: number;
  withAudio?: boolean;
}

function ffmpeg(args: string[]): void {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr}`);
}

/** Writes a clip of this kind into `dir` and returns its path. */
export function makeClip(dir: string, kind: ClipKind, options: ClipOptions = {}): string {
  const { width = 32, height = 18, seconds = 1, withAudio = true } = options;
  const picture = (rate: number, length = seconds) => [
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=${width}x${height}:rate=${rate}:duration=${length}`,
  ];
  const sound = (length = seconds) =>
    withAudio ? ["-f", "lavfi", "-i", `sine=frequency=440:duration=${length}`] : [];
  const file = (extension: string) => path.join(dir, `${kind}-${width}x${height}.${extension}`);
  switch (kind) {
    case "h264": {
      const target = file("mp4");
      ffmpeg([...picture(25), ...sound(), "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", target]);
      return target;
    }
    case "hevc": {
      const target = file("mp4");
      ffmpeg([
        ...picture(24),
        ...sound(),
        "-c:v",
        "libx265",
        "-preset",
        "ultrafast",
        "-x265-params",
        "log-level=error",
        "-tag:v",
        "hvc1",
        "-c:a",
        "aac",
        target,
      ]);
      return target;
    }
    case "vp9-webm": {
      const target = file("webm");
      ffmpeg([
        ...picture(30),
        ...sound(),
        "-c:v",
        "libvpx-vp9",
        "-deadline",
        "realtime",
        "-cpu-used",
        "8",
        "-c:a",
        "libopus",
        target,
      ]);
      return target;
    }
    case "rotated-mov": {
      // Recorded lying down (width > height) and marked to be shown turned a quarter turn.
      const plain = file("plain.mov");
      const target = file("mov");
      ffmpeg([...picture(30), ...sound(), "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", plain]);
      ffmpeg(["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90", target]);
      return target;
    }
    case "vfr": {
      // Frames dropped irregularly, as phones do in low light: timestamps with uneven gaps.
      const target = file("mp4");
      ffmpeg([
        ...picture(30),
        ...sound(),
        "-vf",
        "select='lt(mod(n\\,10)\\,6)'",
        "-fps_mode",
        "vfr",
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        target,
      ]);
      return target;
    }
    case "long": {
      const target = file("mp4");
      ffmpeg([...picture(1, 182), "-c:v", "libx264", "-pix_fmt", "yuv420p", target]);
      return target;
    }
    case "long-webm-no-length": {
      // As a browser's own recording: a live WebM, whose header says no length.
      const target = file("webm");
      ffmpeg([
        ...picture(1, 182),
        "-c:v",
        "libvpx-vp9",
        "-deadline",
        "realtime",
        "-cpu-used",
        "8",
        "-live",
        "1",
        "-f",
        "webm",
        target,
      ]);
      return target;
    }
  }
}

/** A file that only pretends to be a video. */
export async function notAVideo(dir: string): Promise<string> {
  const target = path.join(dir, "holiday.mp4");
  const handle = await open(target, "w");
  await handle.writeFile("This is a text file with a video's name.\n".repeat(50));
  await handle.close();
  return target;
}

/** Sound only: an audio file is not a reel. */
export function audioOnly(dir: string): string {
  const target = path.join(dir, "voice.m4a");
  ffmpeg(["-f", "lavfi", "-i", "sine=frequency=300:duration=1", "-c:a", "aac", target]);
  return target;
}

export interface ConvertedFacts {
  videoCodec: string | undefined;
  profile: string | undefined;
  pixelFormat: string | undefined;
  audioCodec: string | undefined;
  width: number;
  height: number;
  rotation: number;
  durationMs: number;
  /** The distinct gaps between frames' timestamps: one for a constant frame rate. */
  frameGaps: number;
  /** The MP4's index (`moov`) comes before its data (`mdat`): it plays before it has all arrived. */
  isFastStart: boolean;
}

/** What ffprobe says of a converted reel. */
export async function describeVideo(file: string): Promise<ConvertedFacts> {
  const probe = spawnSync(
    "ffprobe",
    ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", file],
    { encoding: "utf8" },
  );
  const parsed = JSON.parse(probe.stdout) as {
    streams: Array<Record<string, unknown> & { side_data_list?: Array<{ rotation?: number }> }>;
    format: { duration?: string };
  };
  const video = parsed.streams.find((stream) => stream.codec_type === "video");
  const audio = parsed.streams.find((stream) => stream.codec_type === "audio");
  const packets = spawnSync(
    "ffprobe",
    ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts", "-of", "csv=p=0", file],
    { encoding: "utf8" },
  );
  const pts = packets.stdout
    .split("\n")
    .map(Number)
    .filter((value) => Number.isFinite(value) && value !== 0)
    .sort((a, b) => a - b);
  const gaps = new Set(pts.slice(1).map((value, index) => value - (pts[index] ?? 0)));
  return {
    videoCodec: video?.codec_name as string | undefined,
    profile: video?.profile as string | undefined,
    pixelFormat: video?.pix_fmt as string | undefined,
    audioCodec: audio?.codec_name as string | undefined,
    width: Number(video?.width ?? 0),
    height: Number(video?.height ?? 0),
    rotation: Number(video?.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? 0),
    durationMs: Math.round(Number(parsed.format.duration ?? 0) * 1000),
    frameGaps: gaps.size,
    isFastStart: await moovBeforeMdat(file),
  };
}

async function moovBeforeMdat(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    while (offset < size) {
      await handle.read(header, 0, 16, offset);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString("latin1", 4, 8);
      if (type === "moov") return true;
      if (type === "mdat") return false;
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      if (boxSize < 8) return false;
      offset += boxSize;
    }
    return false;
  } finally {
    await handle.close();
  }
}
