import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ImportContext } from "./context.ts";
import { zipPublication } from "./epub-conformance/suite.test-support.ts";
import { AudioCopier, audioExtension, parseClock, readOverlay } from "./epub-overlays.ts";
import { type EpubPackage, readPackage } from "./epub-package.ts";
import { DEFAULT_IMPORT_LIMITS } from "./limits.ts";
import { buildEpub, REPO_ROOT, removeTempDirs, tempDir, xhtml } from "./test-files.ts";
import { SafeZip } from "./zip.ts";

const SUITE = path.join(REPO_ROOT, "fixtures", "epub-tests");
const FIXTURE_MP3 = path.join(SUITE, "mol-audio", "EPUB", "audio", "mobydick_1.mp3");

afterAll(removeTempDirs);

/** An EPUB's bytes opened as the importer opens them, with a fresh staging folder. */
async function open(bytes: Buffer) {
  const root = await tempDir("lv-overlays-");
  const file = path.join(root, "book.epub");
  await writeFile(file, bytes);
  const zip = await SafeZip.open(file, "“book.epub”", DEFAULT_IMPORT_LIMITS);
  const pkg = await readPackage(zip, "“book.epub”");
  await mkdir(path.join(root, "stage"));
  const ctx = new ImportContext({ stagingDir: path.join(root, "stage") });
  return { root, zip, pkg, ctx };
}

function itemAt(pkg: EpubPackage, archivePath: string) {
  const item = pkg.byPath.get(archivePath);
  if (!item) throw new Error(`${archivePath} is not in the manifest`);
  return item;
}

/** The document at `file`, narrated by the manifest item `smilId` (buildEpub cannot say so). */
const narrated = (pkg: EpubPackage, file: string, smilId: string) => ({
  ...itemAt(pkg, `OEBPS/${file}`),
  mediaOverlay: smilId,
});

const smil = (body: string) =>
  `<smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0"><body>${body}</body></smil>`;
const par = (text: string, audio?: string) =>
  `<par><text src="${text}"/>${audio === undefined ? "" : `<audio ${audio}/>`}</par>`;

function book(smilText: string, audio: Array<{ name: string; data: Buffer | string }> = []) {
  return buildEpub({
    chapters: [
      { file: "ch1.xhtml", html: xhtml('<p id="a">A</p><p id="c">C</p>') },
      { file: "ch2.xhtml", html: xhtml('<p id="d">D</p>') },
    ],
    files: [
      { name: "mo/ch1.smil", data: smilText, mediaType: "application/smil+xml", id: "smil1" },
      ...audio.map((file) => ({ ...file, mediaType: "audio/mpeg" })),
    ],
  });
}

describe("parseClock", () => {
  it.each([
    ["0:00:01.200", 1200],
    ["00:01.2", 1200],
    ["5", 5000],
    ["1.5s", 1500],
    ["1200ms", 1200],
    ["2.5min", 150_000],
    ["0.5h", 1_800_000],
    ["12:34:56", 45_296_000],
    ["0:00:29.268", 29_268],
    [" 3s ", 3000],
    ["0", 0],
  ] as const)("%s is %d ms", (value, ms) => {
    expect(parseClock(value)).toBe(ms);
  });

  it("refuses malformed values and numbers too large to be times", () => {
    const malformed = ["", "abc", "-1s", "1.5 s", "00:60", "1:5", "0:61:00", ".5s", "5sec", "1e3", "1:0:0:0"];
    for (const value of [...malformed, `${"9".repeat(400)}s`]) expect(parseClock(value), value).toBeNull();
  });
});

describe("readOverlay", () => {
  it("reads mol-audio's one phrase, clipped from 29.268 s to 44.783 s", async () => {
    const { zip, pkg, ctx } = await open(await zipPublication(path.join(SUITE, "mol-audio")));
    const item = itemAt(pkg, "EPUB/mobydick.xhtml");
    expect(item.mediaOverlay).toBe("md-smil");
    expect(pkg.overlayActiveClass).toBe("my-active-class");
    expect(await readOverlay(zip, pkg, item, ctx)).toEqual([
      {
        textPath: "EPUB/mobydick.xhtml",
        fragment: "first",
        audioPath: "EPUB/audio/mobydick_1.mp3",
        beginMs: 29_268,
        endMs: 44_783,
      },
    ]);
    // The other document has no overlay.
    expect(await readOverlay(zip, pkg, itemAt(pkg, "EPUB/content_001.xhtml"), ctx)).toEqual([]);
    expect(ctx.warnings).toEqual([]);
    zip.close();
  });

  it("reads mol-navigation's two chapters in order, each from its own SMIL", async () => {
    const { zip, pkg, ctx } = await open(await zipPublication(path.join(SUITE, "mol-navigation")));
    const first = await readOverlay(zip, pkg, itemAt(pkg, "EPUB/ch1.xhtml"), ctx);
    expect(first.map((clip) => clip.fragment)).toEqual(["mo-1", "mo-2", "mo-3", "mo-3"]);
    expect(first.at(-1)).toMatchObject({ audioPath: "EPUB/audio/ch1.mp3", beginMs: 12_398, endMs: 29_218 });
    const second = await readOverlay(zip, pkg, itemAt(pkg, "EPUB/ch2.xhtml"), ctx);
    expect(second.map((clip) => [clip.fragment, clip.beginMs, clip.endMs])).toEqual([
      ["mo-1", 0, 1365],
      ["mo-2", 1365, 7048],
    ]);
    zip.close();
  });

  it("gives nothing for overlays meant for speech synthesis (no audio)", async () => {
    for (const folder of ["mol-tts_single", "mol-tts_multi"]) {
      const { zip, pkg, ctx } = await open(await zipPublication(path.join(SUITE, folder)));
      expect(await readOverlay(zip, pkg, itemAt(pkg, "EPUB/mobydick.xhtml"), ctx)).toEqual([]);
      expect(ctx.warnings).toEqual([]);
      zip.close();
    }
  });

  it("flattens nested seq, skips phrases without audio, for other documents or with bad clocks", async () => {
    const { zip, pkg, ctx } = await open(
      await book(
        smil(
          `<seq><seq>${par("../ch1.xhtml#a", 'src="../audio/one.mp3" clipBegin="0s" clipEnd="1.5s"')}</seq>` +
            par("../ch1.xhtml#b") +
            par("../ch1.xhtml#c", 'src="../audio/one.mp3" clipBegin="00:01.5"') +
            par("../ch2.xhtml#d", 'src="../audio/two.mp3" clipBegin="0" clipEnd="2"') +
            par("../ch1.xhtml#e", 'src="../audio/one.mp3" clipBegin="soon" clipEnd="2"') +
            par("../ch1.xhtml#e", 'src="../audio/one.mp3" clipBegin="3" clipEnd="2"') +
            par("../CH1.xhtml#f%C3%A9", 'src="../audio/two.mp3" clipEnd="0:00:03"') +
            par("../ch1.xhtml#g", 'src="https://example.com/x.mp3"') +
            "</seq>",
        ),
      ),
    );
    const clips = await readOverlay(zip, pkg, narrated(pkg, "ch1.xhtml", "smil1"), ctx);
    const at = (fragment: string, file: string, beginMs: number, endMs: number | null) => ({
      textPath: "OEBPS/ch1.xhtml",
      fragment,
      audioPath: `OEBPS/audio/${file}`,
      beginMs,
      endMs,
    });
    expect(clips).toEqual([
      at("a", "one.mp3", 0, 1500),
      at("c", "one.mp3", 1500, null),
      at("fé", "two.mp3", 0, 3000),
    ]);
    expect(ctx.warnings).toEqual([
      "Some narrated phrases with unreadable timings were left out of the read-along.",
      "Read-along narration loading from other websites was left out.",
    ]);
    // The same SMIL read for the second document gives that document's phrase only.
    const other = await readOverlay(zip, pkg, narrated(pkg, "ch2.xhtml", "smil1"), ctx);
    expect(other.map((clip) => clip.fragment)).toEqual(["d"]);
    zip.close();
  });

  it("warns once, whatever the number of documents, when the overlay cannot be read", async () => {
    const { zip, pkg, ctx } = await open(await book("<html><p>not smil</p></html>"));
    expect(await readOverlay(zip, pkg, narrated(pkg, "ch1.xhtml", "smil1"), ctx)).toEqual([]);
    expect(await readOverlay(zip, pkg, narrated(pkg, "ch2.xhtml", "no-such-id"), ctx)).toEqual([]);
    expect(ctx.warnings).toEqual([
      "The read-along narration of some chapters could not be read and was left out.",
    ]);
    zip.close();
  });
});

describe("AudioCopier", () => {
  it("knows audio by its first bytes", () => {
    const sniff = (head: string) => audioExtension(Buffer.from(head, "latin1"));
    expect(
      ["ID3", "\xff\xfb\x90\x64", "\0\0\0 ftypM4A ", "OggS\0", "RIFF$\0\0\0WAVE", "fLaC"].map(sniff),
    ).toEqual(["mp3", "mp3", "m4a", "ogg", "wav", "flac"]);
    expect(["RIFF$\0\0\0AVI ", "hello, world", "<html>", ""].map(sniff)).toEqual([null, null, null, null]);
  });

  it("copies the fixture MP3 into each episode that uses it, checked once", async () => {
    const { root, zip, ctx } = await open(await zipPublication(path.join(SUITE, "mol-audio")));
    const audio = new AudioCopier(zip, ctx);
    const first = audio.forEpisode("episodes/0001");
    const second = audio.forEpisode("episodes/0002");
    const [a, b] = await Promise.all([
      first.copy("EPUB/audio/mobydick_1.mp3"),
      first.copy("EPUB/audio/mobydick_1.mp3"),
    ]);
    expect(a).toBe("audio/mobydick_1.mp3");
    expect(b).toBe(a);
    expect(await second.copy("epub/AUDIO/mobydick_1.mp3")).toBe("audio/mobydick_1.mp3");
    expect(first.files()).toEqual(["audio/mobydick_1.mp3"]);
    expect(second.files()).toEqual(["audio/mobydick_1.mp3"]);
    const original = await readFile(FIXTURE_MP3);
    for (const dir of ["0001", "0002"]) {
      expect(
        (await readFile(path.join(root, "stage", "episodes", dir, "audio", "mobydick_1.mp3"))).equals(
          original,
        ),
      ).toBe(true);
    }
    // The checked copy was moved into place, not left behind in the work folder.
    expect(await readdir(path.join(root, "stage", ".work"))).toEqual([]);
    audio.reportWarnings();
    expect(ctx.warnings).toEqual([]);
    zip.close();
  });

  it("refuses a text file named .mp3 and reports missing files, one warning each", async () => {
    const { zip, ctx } = await open(
      await book(smil(""), [
        { name: "audio/fake.mp3", data: "This is not audio at all." },
        { name: "audio/Real Voice.MP3", data: await readFile(FIXTURE_MP3) },
      ]),
    );
    const audio = new AudioCopier(zip, ctx);
    const episode = audio.forEpisode("episodes/0001");
    expect(await episode.copy("OEBPS/audio/fake.mp3")).toBeNull();
    expect(await episode.copy("OEBPS/audio/fake.mp3")).toBeNull();
    expect(await audio.forEpisode("episodes/0002").copy("OEBPS/audio/fake.mp3")).toBeNull();
    expect(await episode.copy("OEBPS/audio/gone.mp3")).toBeNull();
    expect(await episode.copy("OEBPS/audio/Real Voice.MP3")).toBe("audio/real-voice.mp3");
    expect(episode.files()).toEqual(["audio/real-voice.mp3"]);
    audio.reportWarnings();
    expect(ctx.warnings).toEqual([
      "1 narration file missing from the book was left out.",
      "1 narration file could not be used (they must be MP3, MP4, Ogg, WAV or FLAC audio) and was left out.",
    ]);
    zip.close();
  });
});

describe("a hostile overlay", () => {
  it("cannot reach outside the archive or the staging folder", async () => {
    const mp3 = await readFile(FIXTURE_MP3);
    const { root, zip, pkg, ctx } = await open(
      await book(
        smil(
          par("../../../../etc/passwd#a", 'src="../audio/x.mp3"') +
            par("/etc/passwd#a", 'src="../audio/x.mp3"') +
            par("../ch1.xhtml#a", 'src="../../../../../../evil.mp3"') +
            par("../ch1.xhtml#a", 'src="/etc/passwd"') +
            par("../ch1.xhtml#a", 'src="..%2F..%2F..%2Fevil.mp3"') +
            par("../ch1.xhtml#c", 'src="../audio/..%2f..%2fOEBPS/evil.mp3"'),
        ),
        [{ name: "evil.mp3", data: mp3 }],
      ),
    );
    const clips = await readOverlay(zip, pkg, narrated(pkg, "ch1.xhtml", "smil1"), ctx);
    // Every path stays inside the archive: climbing above its root stops at the root.
    expect(clips.map((clip) => clip.audioPath)).toEqual([
      "evil.mp3",
      "etc/passwd",
      "evil.mp3",
      "OEBPS/evil.mp3",
    ]);
    const audio = new AudioCopier(zip, ctx);
    const episode = audio.forEpisode("episodes/0001");
    const copied = await Promise.all(clips.map((clip) => episode.copy(clip.audioPath)));
    expect(copied).toEqual([null, null, null, "audio/evil.mp3"]);
    const written = await readdir(root, { recursive: true });
    expect(written.filter((name) => !name.startsWith("stage") && name !== "book.epub")).toEqual([]);
    expect(written).toContain(path.join("stage", "episodes", "0001", "audio", "evil.mp3"));
    zip.close();
  });

  it("stops at 20,000 phrases, and refuses a SMIL over 4 MB", async () => {
    // Each phrase names its own element, so the archive does not compress like a zip bomb.
    const phrase = () => par(`../ch1.xhtml#p${randomBytes(6).toString("hex")}`, 'src="../a.mp3" clipEnd="1"');
    const many = await open(await book(smil(Array.from({ length: 25_000 }, phrase).join(""))));
    const clips = await readOverlay(many.zip, many.pkg, narrated(many.pkg, "ch1.xhtml", "smil1"), many.ctx);
    expect(clips).toHaveLength(20_000);
    expect(many.ctx.warnings).toEqual([
      "Some chapters have more than 20,000 narrated phrases; the read-along stops there.",
    ]);
    many.zip.close();

    const huge = await open(
      await book(smil(`<!--${randomBytes(3 * 1024 * 1024).toString("base64")}-->${phrase()}`)),
    );
    expect(await readOverlay(huge.zip, huge.pkg, narrated(huge.pkg, "ch1.xhtml", "smil1"), huge.ctx)).toEqual(
      [],
    );
    expect(huge.ctx.warnings).toEqual([
      "The read-along narration of some chapters could not be read and was left out.",
    ]);
    huge.zip.close();
  });
});
