import type { ImportLimits } from "./types.ts";

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxFileBytes: 4 * GiB,
  maxTotalBytes: 8 * GiB,
  maxZipEntries: 10_000,
  maxZipUncompressedBytes: 2 * GiB,
  maxCompressionRatio: 100,
  maxImagePixels: 50_000_000,
  maxEpisodes: 2_000,
  mediaToolTimeoutMs: 10 * 60 * 1000,
};

export function resolveLimits(overrides: Partial<ImportLimits> | undefined): ImportLimits {
  const limits = { ...DEFAULT_IMPORT_LIMITS };
  for (const [key, value] of Object.entries(overrides ?? {}) as Array<[keyof ImportLimits, unknown]>) {
    // An undefined override means "the default", not "no limit".
    if (typeof value === "number" && Number.isFinite(value) && value > 0) limits[key] = value;
  }
  return limits;
}

/** "1.5 GB", "120 MB", "900 KB": sizes as an admin reads them. */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded.toLocaleString("en")} ${units[unit]}`;
}

/** "50 megapixels" for 50,000,000. */
export function formatMegapixels(pixels: number): string {
  return `${Math.round(pixels / 1_000_000).toLocaleString("en")} megapixels`;
}
