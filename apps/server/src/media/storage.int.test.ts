// The local store on a real (temporary) folder.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../core/errors.ts";
import { LocalMediaStorage } from "./storage.ts";

// rename is wrapped so that a test can make it fail as it does across devices.
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return { ...actual, rename: vi.fn(actual.rename) };
});

let root: string;
let outside: string;
let storage: LocalMediaStorage;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "litverse-storage-"));
  outside = await fs.mkdtemp(path.join(os.tmpdir(), "litverse-storage-src-"));
  storage = new LocalMediaStorage(path.join(root, "media"));
});
afterEach(async () => {
  vi.mocked(fs.rename).mockClear();
  await fs.rm(root, { recursive: true, force: true });
  await fs.rm(outside, { recursive: true, force: true });
});

async function makeEpisodeFolder(): Promise<string> {
  const folder = path.join(outside, "episode");
  await fs.mkdir(path.join(folder, "pages"), { recursive: true });
  await fs.writeFile(path.join(folder, "pages/0001.jpg"), "page one");
  await fs.writeFile(path.join(folder, "pages/0002.jpg"), "page two");
  return folder;
}

const read = (key: string) => fs.readFile(storage.resolve(key), "utf8");
const exdev = () => Object.assign(new Error("cross-device link not permitted"), { code: "EXDEV" });

describe("LocalMediaStorage", () => {
  it("creates nothing until something is written", async () => {
    expect(await storage.stat("covers/c1/cover.jpg")).toBeNull();
    await storage.remove("covers/c1");
    await expect(fs.stat(storage.root)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("writes files atomically, replacing what is there, and stats them", async () => {
    await storage.writeFile("covers/c1/cover-1.jpg", "first");
    await storage.writeFile("covers/c1/cover-1.jpg", Buffer.from("second"));
    expect(await read("covers/c1/cover-1.jpg")).toBe("second");
    const stat = await storage.stat("covers/c1/cover-1.jpg");
    expect(stat).toMatchObject({ size: 6, isDirectory: false });
    expect(stat?.mtime).toBeInstanceOf(Date);
    expect(await storage.stat("covers/c1")).toMatchObject({ isDirectory: true });
    // No temporary file is left behind.
    expect(await fs.readdir(path.join(storage.root, ".staging"))).toEqual([]);
  });

  it("moves a whole folder in, creating its parents", async () => {
    const folder = await makeEpisodeFolder();
    await storage.moveIn(folder, "episodes/e1");
    expect(await read("episodes/e1/pages/0002.jpg")).toBe("page two");
    await expect(fs.stat(folder)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("falls back to copy and remove across devices", async () => {
    const folder = await makeEpisodeFolder();
    vi.mocked(fs.rename).mockRejectedValueOnce(exdev());
    await storage.moveIn(folder, "episodes/e1");
    // The store's first rename was the one refused.
    expect(vi.mocked(fs.rename).mock.calls[0]?.[0]).toBe(folder);
    expect(await read("episodes/e1/pages/0001.jpg")).toBe("page one");
    await expect(fs.stat(folder)).rejects.toMatchObject({ code: "ENOENT" });
    expect(await fs.readdir(path.join(storage.root, ".staging"))).toEqual([]);

    const file = path.join(outside, "cover.jpg");
    await fs.writeFile(file, "cover");
    vi.mocked(fs.rename).mockRejectedValueOnce(exdev());
    await storage.moveIn(file, "covers/c1/cover-1.jpg");
    expect(await read("covers/c1/cover-1.jpg")).toBe("cover");
    await expect(fs.stat(file)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("copies files and folders in, leaving the source", async () => {
    const folder = await makeEpisodeFolder();
    await storage.copyIn(folder, "episodes/e1");
    await storage.copyIn(path.join(folder, "pages/0001.jpg"), "covers/c1/cover-1.jpg");
    expect(await read("episodes/e1/pages/0001.jpg")).toBe("page one");
    expect(await read("covers/c1/cover-1.jpg")).toBe("page one");
    expect(await fs.readFile(path.join(folder, "pages/0001.jpg"), "utf8")).toBe("page one");
  });

  it("refuses to put a folder over one that has content", async () => {
    await storage.moveIn(await makeEpisodeFolder(), "episodes/e1");
    const again = await makeEpisodeFolder();
    await expect(storage.moveIn(again, "episodes/e1")).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(storage.copyIn(again, "episodes/e1")).rejects.toMatchObject({ code: "CONFLICT" });
    // The source stays where it was.
    expect(await fs.readFile(path.join(again, "pages/0001.jpg"), "utf8")).toBe("page one");
  });

  it("removes files and folders with their cached variants, and ignores missing ones", async () => {
    await storage.moveIn(await makeEpisodeFolder(), "episodes/e1");
    const variant = storage.variants?.resolve("episodes/e1/pages/0001.jpg/8-1/w320.webp") as string;
    await fs.mkdir(path.dirname(variant), { recursive: true });
    await fs.writeFile(variant, "variant");
    await storage.remove("episodes/e1/pages/0002.jpg");
    expect(await storage.stat("episodes/e1/pages/0002.jpg")).toBeNull();
    expect(await storage.stat("episodes/e1/pages/0001.jpg")).not.toBeNull();
    await storage.remove("episodes/e1");
    expect(await storage.stat("episodes/e1")).toBeNull();
    await expect(fs.stat(variant)).rejects.toMatchObject({ code: "ENOENT" });
    await storage.remove("episodes/e1");
    await storage.remove("never/there.jpg");
  });

  it("drops cached variants when a file is replaced", async () => {
    await storage.writeFile("covers/c1/cover.jpg", "one");
    const variant = storage.variants?.resolve("covers/c1/cover.jpg/3-1/w320.webp") as string;
    await fs.mkdir(path.dirname(variant), { recursive: true });
    await fs.writeFile(variant, "variant");
    await storage.writeFile("covers/c1/cover.jpg", "two");
    await expect(fs.stat(variant)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("makes a new empty staging folder each time, inside the store", async () => {
    const first = await storage.stagingDir();
    const second = await storage.stagingDir();
    expect(first).not.toBe(second);
    expect(path.dirname(first)).toBe(path.join(storage.root, ".staging"));
    expect(await fs.readdir(first)).toEqual([]);
    // What an importer stages moves in with a rename.
    await fs.writeFile(path.join(first, "cover.jpg"), "staged");
    await storage.moveIn(path.join(first, "cover.jpg"), "covers/c1/cover-9.jpg");
    expect(await read("covers/c1/cover-9.jpg")).toBe("staged");
  });

  it("refuses bad keys in every operation", async () => {
    const file = path.join(outside, "x.jpg");
    await fs.writeFile(file, "x");
    const bad = "../escape.jpg";
    await expect(storage.writeFile(bad, "x")).rejects.toBeInstanceOf(AppError);
    await expect(storage.moveIn(file, bad)).rejects.toBeInstanceOf(AppError);
    await expect(storage.copyIn(file, ".variants/x.jpg")).rejects.toBeInstanceOf(AppError);
    await expect(storage.remove("..")).rejects.toBeInstanceOf(AppError);
    await expect(storage.stat("/etc/passwd")).rejects.toBeInstanceOf(AppError);
    await expect(fs.stat(path.join(root, "escape.jpg"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("sweeps what dead processes left in the staging area, and nothing a live one is using", async () => {
    const staging = path.join(storage.root, ".staging");
    const live = await storage.stagingDir();
    const host = os.hostname().replace(/[^\w-]/g, "_");
    // A process that has ended: its pid is free again.
    const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    const deadPid = Number(child.stdout.toString());
    const dead = path.join(staging, `import-${host}.${deadPid}-abc123`);
    await fs.mkdir(path.join(dead, "episode-1"), { recursive: true });
    await fs.writeFile(path.join(dead, "episode-1", "chapter.html"), "half written");
    // Another machine's, on a shared disk: left alone until it is a day old.
    const recentElsewhere = path.join(staging, "import-otherhost.1-def456");
    const oldElsewhere = path.join(staging, "tmp-otherhost.2-0f0f");
    await fs.mkdir(recentElsewhere);
    await fs.writeFile(oldElsewhere, "old");
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3_600_000);
    await fs.utimes(oldElsewhere, twoDaysAgo, twoDaysAgo);

    expect(await storage.sweepStaging()).toBe(2);
    expect((await fs.readdir(staging)).sort()).toEqual(
      [path.basename(live), "import-otherhost.1-def456"].sort(),
    );
  });
});
