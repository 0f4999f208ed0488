// Reading ZIP-based uploads (EPUB, CBZ, ZIPs of audio) without trusting them: every entry's name,
// type and declared size is checked before anything is inflated, and inflation stops as soon as an
// entry gives more bytes than it declared.
import { createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { AppError } from "../../core/errors.ts";
import { refuse, tooLarge } from "./context.ts";
import { formatBytes } from "./limits.ts";
import type { ImportLimits } from "./types.ts";

export interface ZipEntryInfo {
  /** The entry's path inside the archive, with forward slashes. */
  name: string;
  /** Declared uncompressed size. */
  size: number;
  compressedSize: number;
}

/** Compression ratios are only judged for entries bigger than this: tiny text compresses well. */
const RATIO_MIN_BYTES = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const DAMAGED = "is damaged or incomplete";
const READ_BUDGET_EXTRA = 256 * 1024 * 1024;

export class SafeZip {
  /** Files in the archive (folders left out), in archive order. */
  readonly entries: ZipEntryInfo[];
  private readonly zipFile: ZipFile;
  private readonly byName: Map<string, Entry>;
  private readonly byLowerName: Map<string, Entry>;
  private readonly label: string;
  private readonly signal: AbortSignal | undefined;
  /**
   * Bytes all reads together may inflate. Importers read some entries more than once (chapters
   * twice, a picture per chapter using it), but an archive that makes us inflate the same large
   * entry endlessly is refused.
   */
  private readonly budget: number;
  private unpacked = 0;

  private constructor(zipFile: ZipFile, entries: Entry[], label: string, signal: AbortSignal | undefined) {
    this.zipFile = zipFile;
    this.label = label;
    this.signal = signal;
    this.budget = 4 * entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0) + READ_BUDGET_EXTRA;
    this.byName = new Map();
    this.byLowerName = new Map();
    this.entries = [];
    for (const entry of entries) {
      if (entry.fileName.endsWith("/")) continue;
      this.byName.set(entry.fileName, entry);
      const lower = entry.fileName.toLowerCase();
      if (!this.byLowerName.has(lower)) this.byLowerName.set(lower, entry);
      this.entries.push({
        name: entry.fileName,
        size: entry.uncompressedSize,
        compressedSize: entry.compressedSize,
      });
    }
  }

  /**
   * Opens an archive and checks its whole directory. `label` names the upload in messages
   * ("“comic.cbz”").
   */
  static async open(
    file: string,
    label: string,
    limits: ImportLimits,
    signal?: AbortSignal,
  ): Promise<SafeZip> {
    signal?.throwIfAborted();
    const archiveBytes = (await stat(file)).size;
    const zipFile = await new Promise<ZipFile>((resolve, reject) => {
      yauzl.open(
        file,
        {
          lazyEntries: true,
          autoClose: false,
          validateEntrySizes: true,
          strictFileNames: true,
          decodeStrings: true,
        },
        (error, opened) => {
          if (error || !opened) reject(refuse(`The archive ${label} ${DAMAGED}.`));
          else resolve(opened);
        },
      );
    });
    try {
      if (zipFile.entryCount > limits.maxZipEntries) {
        throw tooLarge(
          `The archive ${label} holds ${zipFile.entryCount.toLocaleString("en")} files, more than the ${limits.maxZipEntries.toLocaleString("en")} allowed.`,
        );
      }
      const entries = await readDirectory(zipFile, label, limits, signal);
      const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
      if (total > RATIO_MIN_BYTES && total / Math.max(archiveBytes, 1) > limits.maxCompressionRatio) {
        throw refuse(
          `The archive ${label} would unpack to ${Math.round(total / Math.max(archiveBytes, 1))} times its size, which looks like a zip bomb, so it was refused.`,
        );
      }
      return new SafeZip(zipFile, entries, label, signal);
    } catch (error) {
      zipFile.close();
      throw error;
    }
  }

  has(name: string): boolean {
    return this.find(name) !== undefined;
  }

  /** The entry of that exact name, else one differing only in letter case (sloppy EPUB links). */
  private find(name: string): Entry | undefined {
    return this.byName.get(name) ?? this.byLowerName.get(name.toLowerCase());
  }

  /** The archive's own spelling of a name, when found. */
  resolveName(name: string): string | null {
    return this.find(name)?.fileName ?? null;
  }

  /** Reads an entry into memory; refuses entries declared larger than `maxBytes`. */
  async read(name: string, maxBytes: number): Promise<Buffer> {
    const entry = this.require(name, maxBytes);
    const chunks: Buffer[] = [];
    await pipeline(
      await this.openStream(entry),
      this.counter(entry),
      async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) chunks.push(chunk);
      },
      { signal: this.signal },
    ).catch((error: unknown) => {
      throw this.streamFailure(error);
    });
    return Buffer.concat(chunks);
  }

  async readText(name: string, maxBytes: number): Promise<string> {
    return decodeText(await this.read(name, maxBytes));
  }

  /** Writes an entry to a file (which must not exist yet). */
  async extract(name: string, destination: string, maxBytes: number): Promise<void> {
    const entry = this.require(name, maxBytes);
    try {
      await pipeline(
        await this.openStream(entry),
        this.counter(entry),
        createWriteStream(destination, { flags: "wx" }),
        { signal: this.signal },
      );
    } catch (error) {
      await rm(destination, { force: true });
      throw this.streamFailure(error);
    }
  }

  close(): void {
    this.zipFile.close();
  }

  private require(name: string, maxBytes: number): Entry {
    this.signal?.throwIfAborted();
    const entry = this.find(name);
    if (!entry) throw refuse(`The archive ${this.label} has no file “${name}”.`);
    if (entry.uncompressedSize > maxBytes) {
      throw tooLarge(
        `“${entry.fileName}” in ${this.label} is ${formatBytes(entry.uncompressedSize)}, more than the ${formatBytes(maxBytes)} allowed for it.`,
      );
    }
    if (!entry.canDecodeFileData()) {
      throw refuse(
        `“${entry.fileName}” in ${this.label} is packed with a compression method Litverse cannot read; repack the archive with ordinary ZIP compression.`,
      );
    }
    return entry;
  }

  private openStream(entry: Entry): Promise<NodeJS.ReadableStream> {
    return new Promise((resolve, reject) => {
      this.zipFile.openReadStream(entry, (error, stream) => {
        if (error || !stream) reject(refuse(`The archive ${this.label} ${DAMAGED}.`));
        else resolve(stream);
      });
    });
  }

  /** Stops inflation the moment an entry gives more than it declared (yauzl checks too). */
  private counter(entry: Entry): Transform {
    let seen = 0;
    const label = this.label;
    const zip = this;
    return new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        seen += chunk.length;
        zip.unpacked += chunk.length;
        if (zip.unpacked > zip.budget) {
          callback(
            refuse(
              `${label} makes Litverse unpack the same large files over and over, so the import was stopped.`,
            ),
          );
        } else if (seen > entry.uncompressedSize) {
          callback(
            refuse(
              `“${entry.fileName}” in ${label} unpacks to more than it declares, so the archive was refused.`,
            ),
          );
        } else {
          callback(null, chunk);
        }
      },
    });
  }

  private streamFailure(error: unknown): Error {
    if (error instanceof AppError) return error;
    if (error instanceof Error && error.name === "AbortError") return error;
    return refuse(`The archive ${this.label} ${DAMAGED}.`);
  }
}

function readDirectory(
  zipFile: ZipFile,
  label: string,
  limits: ImportLimits,
  signal: AbortSignal | undefined,
): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    const seen = new Set<string>();
    let total = 0;
    let done = false;
    const fail = (error: Error) => {
      if (done) return;
      done = true;
      reject(error);
    };
    zipFile.on("error", (error: Error) => fail(translateYauzlError(error, label)));
    zipFile.on("end", () => {
      if (done) return;
      done = true;
      resolve(entries);
    });
    zipFile.on("entry", (entry: Entry) => {
      if (done) return;
      try {
        signal?.throwIfAborted();
        checkEntry(entry, label, limits);
        if (seen.has(entry.fileName)) {
          throw refuse(`The archive ${label} lists “${entry.fileName}” twice, so it was refused.`);
        }
        seen.add(entry.fileName);
        total += entry.uncompressedSize;
        if (total > limits.maxZipUncompressedBytes) {
          throw tooLarge(
            `The archive ${label} unpacks to more than ${formatBytes(limits.maxZipUncompressedBytes)}, the most allowed.`,
          );
        }
        entries.push(entry);
        zipFile.readEntry();
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
      }
    });
    zipFile.readEntry();
  });
}

function checkEntry(entry: Entry, label: string, limits: ImportLimits): void {
  const name = entry.fileName;
  const unsafe = unsafeNameReason(name);
  if (unsafe) {
    throw refuse(
      `The archive ${label} contains a file with an unsafe name (“${printable(name)}”): ${unsafe}.`,
    );
  }
  if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
    throw refuse(
      `The archive ${label} contains a link (“${printable(name)}”) instead of a file; links are refused because they can point outside the archive.`,
    );
  }
  if (entry.isEncrypted()) {
    throw refuse(
      `The archive ${label} is password-protected (“${printable(name)}”); upload it without a password.`,
    );
  }
  if (
    entry.uncompressedSize > RATIO_MIN_BYTES &&
    entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxCompressionRatio
  ) {
    throw refuse(
      `“${printable(name)}” in ${label} would unpack to ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} times its packed size, which looks like a zip bomb, so the archive was refused.`,
    );
  }
}

/** Why a name could write outside its folder, or null when it is safe. */
export function unsafeNameReason(name: string): string | null {
  if (name.includes("\0")) return "it contains a NUL character";
  if (name.includes("\\")) return "it contains a backslash";
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) return "it is an absolute path";
  if (name.split("/").includes("..")) return "it climbs out of the archive with “..”";
  return null;
}

function translateYauzlError(error: Error, label: string): Error {
  const message = error.message;
  const name = message.replace(/^[^:]*:\s*/, "");
  if (message.startsWith("absolute path:")) {
    return refuse(
      `The archive ${label} contains a file with an unsafe name (“${printable(name)}”): it is an absolute path.`,
    );
  }
  if (message.startsWith("invalid relative path:")) {
    return refuse(
      `The archive ${label} contains a file with an unsafe name (“${printable(name)}”): it climbs out of the archive with “..”.`,
    );
  }
  if (message.startsWith("invalid characters in fileName:")) {
    return refuse(
      `The archive ${label} contains a file with an unsafe name (“${printable(name)}”): it contains a backslash.`,
    );
  }
  if (message.includes("encryption")) {
    return refuse(`The archive ${label} is password-protected; upload it without a password.`);
  }
  return refuse(`The archive ${label} ${DAMAGED}.`);
}

function printable(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we hide
  return name.replace(/[\u0000-\u001f\u007f]/g, "?").slice(0, 200);
}

/** UTF-8 text (BOM dropped); UTF-16 when it starts with a UTF-16 BOM. */
export function decodeText(buffer: Buffer): string {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder("utf-16le").decode(buffer.subarray(2));
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder("utf-16be").decode(buffer.subarray(2));
  return new TextDecoder("utf-8").decode(buffer);
}
