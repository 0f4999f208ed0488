// Writes dist/sw.js at the end of a production build: the hand-written worker (sw.js beside this
// file, with the modules it imports, bundled into one script) with the build's precache list and
// version filled in. See decision 0006.
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "rolldown";
import type { Plugin } from "vite";

/** Where the worker is served from; its scope is the folder it is served from, so the root. */
export const WORKER_FILE = "sw.js";

/** A file of the finished build, by its path relative to the output folder (with "/"). */
export interface BuiltFile {
  fileName: string;
  contents: string | Uint8Array;
}

/**
 * The URLs to precache: every file the bundler wrote except source maps (only developer tools read
 * them), dotfiles and the worker itself. index.html is the offline page of every route.
 */
export function precacheUrls(fileNames: string[]): string[] {
  return [...new Set(fileNames)]
    .filter((name) => !name.endsWith(".map") && name !== WORKER_FILE)
    .filter((name) => !name.split("/").some((part) => part.startsWith(".")))
    .map((name) => `/${name}`)
    .sort();
}

/**
 * A short hash of everything the worker serves from its cache, and of the worker's own code: a
 * change to any of it is a new version, and so a new worker and a new cache.
 */
export function workerVersion(files: BuiltFile[], workerSource: string): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort((a, b) => a.fileName.localeCompare(b.fileName))) {
    hash.update(file.fileName).update("\0").update(file.contents).update("\0");
  }
  hash.update(workerSource);
  return hash.digest("hex").slice(0, 12);
}

/**
 * The worker as one classic script: its entry and the modules it imports, bundled (by rolldown, as
 * the inline scripts are: build/inline-script.ts) with nothing left to import or export, so that
 * every browser that installs web apps can run it, and its functions stay the script's own.
 */
export async function bundleWorker(entry: string): Promise<string> {
  const result = await build({
    input: entry,
    // Each module's name in the bundle is written relative to the worker's folder.
    cwd: path.dirname(entry),
    write: false,
    output: { format: "esm" },
  });
  const [chunk, ...others] = result.output;
  if (
    !chunk ||
    others.length > 0 ||
    chunk.type !== "chunk" ||
    chunk.imports.length > 0 ||
    chunk.exports.length > 0
  ) {
    throw new Error(`${entry} must bundle into one script that imports and exports nothing`);
  }
  return chunk.code;
}

/** The worker's source with the build's values in place of its two placeholders. */
export function renderWorker(source: string, version: string, urls: string[]): string {
  for (const placeholder of ["__SW_VERSION__", "__SW_PRECACHE_URLS__"]) {
    if (!source.includes(placeholder)) throw new Error(`The service worker has no ${placeholder}.`);
  }
  return source
    .replaceAll("__SW_VERSION__", JSON.stringify(version))
    .replaceAll("__SW_PRECACHE_URLS__", JSON.stringify(urls));
}

async function publicFiles(dir: string, prefix = ""): Promise<BuiltFile[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: BuiltFile[] = [];
  for (const entry of entries) {
    const fileName = `${prefix}${entry.name}`;
    const fullPath = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await publicFiles(fullPath, `${fileName}/`)));
    else if (entry.isFile()) files.push({ fileName, contents: await readFile(fullPath) });
  }
  return files;
}

/** Whether a file of the public folder belongs to the shell, given the shell's paths or folders. */
export function isShellPublicFile(fileName: string, shellPaths: string[]): boolean {
  return shellPaths.some((shell) => (shell.endsWith("/") ? fileName.startsWith(shell) : fileName === shell));
}

/**
 * The build step. `source` is the worker's path relative to the Vite root. The list is made from
 * what the bundler really wrote (index.html, chunks, styles), plus the files of the public folder
 * (copied as is) that `publicShell` names: the shell's icons and manifest, not content such as
 * demo covers.
 */
export function serviceWorker(options: { source: string; publicShell: string[] }): Plugin {
  let root = "";
  let publicDir = "";
  return {
    name: "litverse:service-worker",
    apply: "build",
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    async writeBundle(output, bundle) {
      if (!output.dir) throw new Error("The service worker needs a build output folder.");
      const built: BuiltFile[] = Object.values(bundle).map((file) => ({
        fileName: file.fileName,
        contents: file.type === "chunk" ? file.code : file.source,
      }));
      const shellPublic = (publicDir ? await publicFiles(publicDir) : []).filter((file) =>
        isShellPublicFile(file.fileName, options.publicShell),
      );
      const files = [...built, ...shellPublic].filter((file) => precacheUrls([file.fileName]).length > 0);
      const source = await bundleWorker(path.resolve(root, options.source));
      const version = workerVersion(files, source);
      const urls = precacheUrls(files.map((file) => file.fileName));
      await writeFile(path.join(output.dir, WORKER_FILE), renderWorker(source, version, urls));
      this.info(`${WORKER_FILE}: version ${version}, ${urls.length} files precached`);
    },
  };
}
