import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../core/errors.ts";
import { DEFAULT_IMPORT_LIMITS } from "./limits.ts";
import { readImport } from "./read-import.ts";
import {
  buildZip,
  fixture,
  markEncrypted,
  rawZip,
  removeTempDirs,
  tempDir,
  understateSizes,
  upload,
  zipBomb,
} from "./test-files.ts";
import { SafeZip } from "./zip.ts";

afterAll(removeTempDirs);

async function zipFile(data: Buffer, name = "test.zip"): Promise<string> {
  const dir = await tempDir();
  const file = path.join(dir, name);
  await writeFile(file, data);
  return file;
}

async function openRefusal(data: Buffer, limits = DEFAULT_IMPORT_LIMITS): Promise<AppError> {
  const file = await zipFile(data);
  const error = await SafeZip.open(file, "“test.zip”", limits).then(
    (zip) => {
      zip.close();
      return null;
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("SafeZip", () => {
  it("lists, reads and extracts the entries of an ordinary archive", async () => {
    const file = await zipFile(
      await buildZip([
        { name: "folder/", data: "" },
        { name: "folder/a.txt", data: "hello" },
        { name: "b.bin", data: Buffer.alloc(2000, 7) },
      ]),
    );
    const zip = await SafeZip.open(file, "“test.zip”", DEFAULT_IMPORT_LIMITS);
    try {
      expect(zip.entries.map((entry) => entry.name)).toEqual(["folder/a.txt", "b.bin"]);
      expect((await zip.read("folder/a.txt", 100)).toString()).toBe("hello");
      expect(zip.resolveName("FOLDER/A.TXT")).toBe("folder/a.txt");
      const out = path.join(path.dirname(file), "b.out");
      await zip.extract("b.bin", out, 10_000);
      expect(await readFile(out)).toEqual(Buffer.alloc(2000, 7));
      await expect(zip.read("b.bin", 1000)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
      await expect(zip.read("missing.txt", 1000)).rejects.toThrow(/has no file/);
    } finally {
      zip.close();
    }
  });

  it("refuses a zip bomb from its declared sizes, before inflating anything", async () => {
    const started = performance.now();
    const bomb = zipBomb(200);
    const error = await openRefusal(bomb);
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toMatch(/“zeros\.bin”.*times its packed size.*zip bomb/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses an archive of many small, very compressible files as a whole", async () => {
    const entries = await buildZip(
      Array.from({ length: 20 }, (_, i) => ({ name: `part${i}.bin`, data: Buffer.alloc(900 * 1024) })),
    );
    const error = await openRefusal(entries);
    expect(error.message).toMatch(/would unpack to \d+ times its size/);
  });

  it("accepts tiny files that compress very well", async () => {
    const file = await zipFile(await buildZip([{ name: "a.txt", data: "a".repeat(500_000) }]));
    const zip = await SafeZip.open(file, "“test.zip”", DEFAULT_IMPORT_LIMITS);
    expect((await zip.read("a.txt", 1_000_000)).length).toBe(500_000);
    zip.close();
  });

  it("refuses more entries than allowed", async () => {
    const many = rawZip(
      Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}.txt`, stored: Buffer.alloc(0) })),
    );
    const error = await openRefusal(many);
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.message).toMatch(/10,001 files, more than the 10,000 allowed/);
  });

  it("refuses archives that unpack to more than allowed in all", async () => {
    const archive = await buildZip([
      { name: "a.bin", data: Buffer.alloc(600_000, 1), compress: false },
      { name: "b.bin", data: Buffer.alloc(600_000, 2), compress: false },
    ]);
    const error = await openRefusal(archive, {
      ...DEFAULT_IMPORT_LIMITS,
      maxZipUncompressedBytes: 1_000_000,
    });
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.message).toMatch(/unpacks to more than 977 KB/);
  });

  it.each([
    ["../evil.txt", /unsafe name \(“\.\.\/evil\.txt”\).*climbs out/],
    ["a/../../evil.txt", /climbs out/],
    ["/abs.txt", /unsafe name \(“\/abs\.txt”\).*absolute path/],
    ["C:/abs.txt", /absolute path/],
    ["dir\\evil.txt", /backslash/],
    ["nul\0.txt", /NUL character/],
  ])("refuses the entry name %j", async (name, message) => {
    const error = await openRefusal(
      rawZip([
        { name: "ok.txt", stored: Buffer.from("ok") },
        { name, stored: Buffer.from("x") },
      ]),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toMatch(message);
  });

  it("refuses symbolic links", async () => {
    const error = await openRefusal(
      rawZip([{ name: "link", stored: Buffer.from("/etc/passwd"), mode: 0o120777 }]),
    );
    expect(error.message).toMatch(/contains a link \(“link”\).*outside the archive/);
  });

  it("refuses password-protected entries", async () => {
    const error = await openRefusal(
      markEncrypted(await buildZip([{ name: "secret.txt", data: "x".repeat(100) }])),
    );
    expect(error.message).toMatch(/password-protected/);
  });

  it("calls a truncated archive damaged", async () => {
    const whole = await readFile(fixture("comics/page-blanche.cbz").path);
    const error = await openRefusal(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(error.message).toBe("The archive “test.zip” is damaged or incomplete.");
  });

  it("stops inflating an entry that gives more than it declared", async () => {
    const lying = understateSizes(await buildZip([{ name: "a.txt", data: "abc".repeat(10_000) }]), 100);
    const file = await zipFile(lying);
    const zip = await SafeZip.open(file, "“test.zip”", DEFAULT_IMPORT_LIMITS);
    try {
      await expect(zip.read("a.txt", 1_000_000)).rejects.toThrow(/unpacks to more than it declares|damaged/);
      const out = path.join(path.dirname(file), "a.out");
      await expect(zip.extract("a.txt", out, 1_000_000)).rejects.toThrow(AppError);
      await expect(readFile(out)).rejects.toThrow(/ENOENT/);
    } finally {
      zip.close();
    }
  });

  it("refuses the same hostile archives through readImport, naming the upload", async () => {
    const dir = await tempDir();
    const bomb = await upload(dir, "bomb.cbz", zipBomb(200));
    await expect(readImport([bomb], { stagingDir: path.join(dir, "stage") })).rejects.toThrow(
      /“zeros\.bin” in “bomb\.cbz” would unpack/,
    );
    const evil = await upload(dir, "evil.cbz", rawZip([{ name: "../evil.txt", stored: Buffer.from("x") }]));
    await expect(readImport([evil], { stagingDir: path.join(dir, "stage2") })).rejects.toThrow(/unsafe name/);
    const whole = await readFile(fixture("comics/page-blanche.cbz").path);
    const cut = await upload(dir, "half.cbz", whole.subarray(0, whole.length / 2));
    await expect(readImport([cut], { stagingDir: path.join(dir, "stage3") })).rejects.toThrow(
      "The archive “half.cbz” is damaged or incomplete.",
    );
  });
});
