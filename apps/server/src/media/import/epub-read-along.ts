// A book's recorded narration kept for read-along: for each episode, the phrases its documents'
// media overlays narrate (the element's id and where in which audio file), written beside the
// chapter as `read-along.json`, and the audio they play copied under `audio/`.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { ImportContext } from "./context.ts";
import { type AudioCopier, readOverlay } from "./epub-overlays.ts";
import type { EpubPackage, ManifestItem } from "./epub-package.ts";
import type { StoredReadAlong } from "./types.ts";
import type { SafeZip } from "./zip.ts";

export const READ_ALONG_FILE = "read-along.json";

export class ReadAlongWriter {
  private readonly zip: SafeZip;
  private readonly pkg: EpubPackage;
  private readonly ctx: ImportContext;

  constructor(zip: SafeZip, pkg: EpubPackage, ctx: ImportContext) {
    this.zip = zip;
    this.pkg = pkg;
    this.ctx = ctx;
  }

  /**
   * Collects one episode's narration, document by document; `write` stores it if there is any.
   * `audio` is the episode's sound files, shared with the chapter's own audio elements.
   */
  forEpisode(dir: string, audio: EpisodeAudio) {
    const files: string[] = [];
    const clips: StoredReadAlong["clips"] = [];
    return {
      add: async (item: ManifestItem): Promise<void> => {
        for (const clip of await readOverlay(this.zip, this.pkg, item, this.ctx)) {
          // A phrase with no element to mark is still heard, but cannot be followed on the page.
          if (!clip.fragment) continue;
          const file = await audio.copy(clip.audioPath);
          if (!file) continue;
          let index = files.indexOf(file);
          if (index === -1) index = files.push(file) - 1;
          clips.push({ id: clip.fragment, audio: index, begin: clip.beginMs, end: clip.endMs });
        }
      },
      write: async (): Promise<string | null> => {
        if (clips.length === 0) return null;
        const stored: StoredReadAlong = { audio: files, clips, activeClass: this.pkg.overlayActiveClass };
        await writeFile(this.ctx.outPath(path.posix.join(dir, READ_ALONG_FILE)), JSON.stringify(stored));
        return READ_ALONG_FILE;
      },
    };
  }
}

export type EpisodeAudio = ReturnType<AudioCopier["forEpisode"]>;
