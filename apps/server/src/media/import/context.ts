// What every importer is given: where to write, the limits, progress reporting and the abort
// signal. Output paths go through `outPath` so nothing lands outside the staging folder, whatever
// names an archive or a tag suggests.
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../../core/errors.ts";
import { resolveLimits } from "./limits.ts";
import type { ImportLimits, ImportOptions, ImportProgress } from "./types.ts";

export class ImportContext {
  readonly stagingDir: string;
  readonly limits: ImportLimits;
  readonly signal: AbortSignal | undefined;
  readonly warnings: string[];
  private readonly report: ((progress: ImportProgress) => void) | undefined;
  private readonly from: number;
  private readonly to: number;
  private readonly last: { fraction: number };

  constructor(
    options: ImportOptions,
    shared?: { warnings: string[]; last: { fraction: number }; from: number; to: number },
  ) {
    this.stagingDir = path.resolve(options.stagingDir);
    this.limits = resolveLimits(options.limits);
    this.signal = options.signal;
    this.report = options.onProgress;
    this.warnings = shared?.warnings ?? [];
    this.last = shared?.last ?? { fraction: 0 };
    this.from = shared?.from ?? 0;
    this.to = shared?.to ?? 1;
  }

  /** The same import, with progress 0..1 mapped onto [start, end] of this context's range. */
  range(start: number, end: number): ImportContext {
    const span = this.to - this.from;
    return new ImportContext(
      {
        stagingDir: this.stagingDir,
        limits: this.limits,
        ...(this.report ? { onProgress: this.report } : {}),
        ...(this.signal ? { signal: this.signal } : {}),
      },
      {
        warnings: this.warnings,
        last: this.last,
        from: this.from + span * clamp(start),
        to: this.from + span * clamp(end),
      },
    );
  }

  progress(fraction: number, message: string): void {
    this.checkAborted();
    if (!this.report) return;
    // Never move the bar backwards, even when a step's estimate was off.
    const overall = Math.max(this.last.fraction, this.from + (this.to - this.from) * clamp(fraction));
    this.last.fraction = overall;
    this.report({ fraction: overall, message });
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  checkAborted(): void {
    this.signal?.throwIfAborted();
  }

  /** Absolute path for a path relative to the staging folder; refuses anything that escapes it. */
  outPath(relative: string): string {
    const absolute = path.resolve(this.stagingDir, relative);
    const inside = path.relative(this.stagingDir, absolute);
    if (inside === "" || inside.startsWith("..") || path.isAbsolute(inside)) {
      throw new AppError("BAD_REQUEST", `The import tried to write outside its folder (${relative}).`);
    }
    return absolute;
  }

  /** Creates a folder inside the staging folder and returns its absolute path. */
  async makeDir(relative: string): Promise<string> {
    const absolute = this.outPath(relative);
    await mkdir(absolute, { recursive: true });
    return absolute;
  }

  /** A scratch folder for intermediate files, removed with `cleanUp`. */
  async workDir(): Promise<string> {
    return this.makeDir(WORK_DIR);
  }

  async cleanUp(): Promise<void> {
    await rm(this.outPath(WORK_DIR), { recursive: true, force: true });
  }
}

const WORK_DIR = ".work";

function clamp(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

/** "episodes/0001": episode folders sort in reading order. */
export function episodeDir(index: number): string {
  return `episodes/${String(index + 1).padStart(4, "0")}`;
}

export function refuse(message: string): AppError {
  return new AppError("BAD_REQUEST", message);
}

export function tooLarge(message: string): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", message);
}

export function checkEpisodeCount(count: number, limits: ImportLimits): void {
  if (count > limits.maxEpisodes) {
    throw tooLarge(
      `This import would make ${count.toLocaleString("en")} episodes, more than the ${limits.maxEpisodes.toLocaleString("en")} allowed in one title.`,
    );
  }
}
