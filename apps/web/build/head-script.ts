// The page's head script (src/first-data-request.ts), built on its own into one small classic
// script that the server writes into each app page, inline (decision 0029). Inline, it runs as the
// head is parsed: as a file of its own it would first wait, behind the app's preloaded files, for
// one of the six connections a browser opens to a server, and only then send its request.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "rolldown";
import type { Plugin } from "vite";

/** Where the script goes, beside Vite's manifest (dot folders are never served). */
export const HEAD_SCRIPT_FILE = ".vite/head-script.js";

export function headScript({ entry }: { entry: string }): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "litverse:head-script",
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
      await writeFile(path.join(outDir, HEAD_SCRIPT_FILE), chunk.code.trim());
      this.info(`head script ${chunk.code.length} bytes`);
    },
  };
}
