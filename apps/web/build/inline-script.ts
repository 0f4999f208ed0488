// Scripts the server writes into its pages inline, each built on its own into one small classic
// script: the head script (src/first-data-request.ts, decision 0029), which runs as the head is
// parsed (as a file of its own it would first wait, behind the app's preloaded files, for one of
// the six connections a browser opens to a server, and only then send its request), and the
// script that lays out a book chapter drawn on the server before its first paint
// (src/first-screen/book-page.ts, decision 0031).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "rolldown";
import type { Plugin } from "vite";

/** Where the scripts go, beside Vite's manifest (dot folders are never served). */
export const HEAD_SCRIPT_FILE = ".vite/head-script.js";
export const BOOK_PAGE_SCRIPT_FILE = ".vite/book-page-script.js";

export function inlineScript({ entry, file }: { entry: string; file: string }): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: `litverse:inline-script:${file}`,
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const result = await build({
        input: path.resolve(root, entry),
        write: false,
        output: { format: "iife", minify: true },
      });
      const [chunk, ...others] = result.output;
      if (!chunk || others.length > 0 || chunk.type !== "chunk") {
        throw new Error(`${entry} must build into one script with no other files`);
      }
      await writeFile(path.join(outDir, file), chunk.code.trim());
      this.info(`${file} ${chunk.code.length} bytes`);
    },
  };
}
