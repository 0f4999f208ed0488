// `npm run bench:catalogue`: the catalogue's figures.
//   (d) importing each fixture (moby-dick.epub above all: target ≤ 10 s), read and stored;
//   (e) explore search over 10,000 generated titles: the listContent function (target p95 ≤ 50 ms
//       on PGlite), in process and over HTTP, on PGlite and PostgreSQL;
//   (f) the JavaScript a first visit to home and to explore downloads, gzipped (target ≤ 200 KB).
// Prints markdown and writes bench/results/catalogue.json. `--help` lists the flags.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { listContentInput } from "@litverse/shared/content-inputs";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { refreshContentStats } from "../apps/server/src/jobs/content-stats.ts";
import { listContent } from "../apps/server/src/modules/content/catalogue.service.ts";
import { content, contentStats } from "../apps/server/src/modules/content/schema.ts";
import { runImport } from "../apps/server/src/modules/content-admin/imports/imports.service.ts";
import type { Platform } from "../apps/server/src/platform.ts";
import { type Distribution, databasesOf, distribution, progressLog } from "./harness.ts";
import { openBenchPlatform } from "./platform.ts";

const USAGE = `Usage: npm run bench:catalogue -- [options]
  --db pglite|postgres|both   databases for the search figures (default both)
  --titles 10000              generated titles to search (default 10000)
  --queries 400               searches measured per database and transport (default 400)
  --imports 3                 runs of each fixture import (default 3)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the temporary PostgreSQL database. The JavaScript figure reads apps/web/dist (run npm run build).`;

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const FIXTURES = path.join(REPO_ROOT, "fixtures");
const log = progressLog();

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    titles: { type: "string", default: "10000" },
    queries: { type: "string", default: "400" },
    imports: { type: "string", default: "3" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const databases = databasesOf(values.db);
const titleCount = Number(values.titles);
const queryCount = Number(values.queries);
const importRuns = Number(values.imports);
// ---- (d) Imports -------------------------------------------------------------------------------

const IMPORT_FIXTURES = [
  ["books/moby-dick.epub"],
  ["books/childrens-literature.epub"],
  ["books/wasteland.epub"],
  ["comics/page-blanche.cbz"],
  ["audio/moby-dick-excerpt.m4b"],
  ["video/drama-ep1.mp4", "video/drama-ep1.en.vtt"],
];

interface ImportFigure {
  files: string;
  title: string;
  episodes: number;
  ms: Distribution;
}

async function benchImports(): Promise<ImportFigure[]> {
  const { platform, close } = await openBenchPlatform("pglite");
  const figures: ImportFigure[] = [];
  try {
    for (const files of IMPORT_FIXTURES) {
      const times: number[] = [];
      let title = "";
      let episodes = 0;
      for (let run = 0; run < importRuns; run++) {
        const upload = await platform.deps.media.uploads.fromLocalFiles(
          "bench",
          files.map((file) => path.join(FIXTURES, file)),
        );
        const start = performance.now();
        const result = await runImport(
          platform.deps,
          { uploadId: upload.id, type: null, contentId: null, publish: true, fileNames: [] },
          null,
        );
        times.push(performance.now() - start);
        title = result.title;
        episodes = result.episodeCount;
      }
      figures.push({ files: files.join(" + "), title, episodes, ms: distribution(times) });
      log(`imported ${files.join(" + ")}: median ${figures.at(-1)?.ms.p50} ms`);
    }
  } finally {
    await close();
  }
  return figures;
}

// ---- (e) Explore search ------------------------------------------------------------------------

const WORDS = (
  "shadow river crown winter garden secret letter harbour island storm silver night empire ghost " +
  "dragon city summer mirror glass forest star ocean queen thief knight promise fire ash wolf " +
  "lantern orchard echo velvet iron thunder meadow comet tide castle raven whisper compass"
).split(" ");
const NAMES = "Ada Bram Cleo Dario Edith Felix Greta Hugo Iris Jonah Kira Leo Mara Nils Opal Pia".split(" ");
const SURNAMES = "Ashford Brook Castell Drummond Ellery Frost Grey Hale Ives Juniper Keane Lark".split(" ");
const GENRES = ["romance", "fantasy", "mystery", "horror", "science fiction", "comedy", "drama", "adventure"];
const TYPES = ["book", "audiobook", "comic", "drama"] as const;

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** `count` published titles with made-up words, plus their engagement figures, in batches. */
async function generateTitles(platform: Platform, count: number): Promise<void> {
  const random = seeded(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const batch = 500;
  for (let offset = 0; offset < count; offset += batch) {
    const rows = Array.from({ length: Math.min(batch, count - offset) }, () => {
      const words = Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(WORDS));
      return {
        id: randomUUID(),
        contentType: pick(TYPES),
        title: words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join(" "),
        author: `${pick(NAMES)} ${pick(SURNAMES)}`,
        description: Array.from({ length: 25 }, () => pick(WORDS)).join(" "),
        genres: [pick(GENRES), pick(GENRES)].filter((genre, index, all) => all.indexOf(genre) === index),
        tags: [pick(WORDS), pick(WORDS)],
        ageRating: pick([13, 13, 13, 16, 18]),
        status: "published" as const,
        publishedAt: new Date(Date.now() - Math.floor(random() * 365) * 86_400_000),
      };
    });
    await platform.deps.db.insert(content).values(rows);
    await platform.deps.db.insert(contentStats).values(
      rows.map((row) => ({
        contentId: row.id,
        viewsTotal: Math.floor(random() * 10_000),
        ratingCount: Math.floor(random() * 200),
        ratingAverage: 1 + random() * 4,
        popularityScore: random() * 50_000,
      })),
    );
  }
  await platform.deps.db.execute(sql`analyze`);
}

/** The searches explore makes: words, prefixes as typed, filters and sorts, as people use them. */
function searchInputs(count: number) {
  const random = seeded(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  return Array.from({ length: count }, (_, index) => {
    const kind = index % 6;
    if (kind === 0) return { query: pick(WORDS), sort: "relevance" };
    if (kind === 1) return { query: pick(WORDS).slice(0, 3), sort: "relevance" };
    if (kind === 2) return { query: `${pick(WORDS)} ${pick(WORDS).slice(0, 2)}`, sort: "relevance" };
    if (kind === 3) return { query: pick(SURNAMES), type: pick(TYPES), sort: "popular" };
    if (kind === 4) return { genre: pick(GENRES), sort: "top_rated" };
    return { type: pick(TYPES), sort: "new" };
  });
}

interface SearchFigure {
  database: string;
  transport: string;
  ms: Distribution;
  meanResults: number;
}

async function benchSearch(database: string): Promise<SearchFigure[]> {
  const { platform, close } = await openBenchPlatform(database);
  const figures: SearchFigure[] = [];
  try {
    log(`${database}: generating ${titleCount} titles`);
    await generateTitles(platform, titleCount);
    await refreshContentStats(platform.deps).catch(() => {});
    const inputs = searchInputs(queryCount);
    const viewer = { id: randomUUID(), role: "user" as const, age: 18 as const };

    // Warm up caches and plans, then measure.
    for (const input of inputs.slice(0, 50))
      await listContent(platform.deps, viewer, listContentInput.parse(input));
    const times: number[] = [];
    let results = 0;
    for (const input of inputs) {
      const start = performance.now();
      const page = await listContent(platform.deps, viewer, listContentInput.parse(input));
      times.push(performance.now() - start);
      results += page.items.length;
    }
    figures.push({
      database,
      transport: "function",
      ms: distribution(times),
      meanResults: results / inputs.length,
    });
    log(`${database}: in process p95 ${figures.at(-1)?.ms.p95} ms`);

    const app = await buildApp(platform, { logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    try {
      const httpTimes: number[] = [];
      let httpResults = 0;
      for (const input of inputs) {
        const url = `http://127.0.0.1:${port}/api/trpc/content.listContent?input=${encodeURIComponent(JSON.stringify(input))}`;
        const start = performance.now();
        const response = await fetch(url);
        const body = (await response.json()) as { result: { data: { items: unknown[] } } };
        httpTimes.push(performance.now() - start);
        httpResults += body.result.data.items.length;
      }
      figures.push({
        database,
        transport: "HTTP",
        ms: distribution(httpTimes),
        meanResults: httpResults / inputs.length,
      });
      log(`${database}: over HTTP p95 ${figures.at(-1)?.ms.p95} ms`);
    } finally {
      await app.close();
    }
  } finally {
    await close();
  }
  return figures;
}

// ---- (f) JavaScript of a first visit --------------------------------------------------------------

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  src?: string;
}

interface JsFigure {
  page: string;
  files: number;
  rawKb: number;
  gzipKb: number;
}

/**
 * What a first visit downloads before the page shows: the entry chunk and its static imports,
 * plus the route's own files as the server preloads them (the build's route table,
 * `.vite/route-preloads.json`, decision 0028), shared files counted once.
 */
async function benchJavaScript(): Promise<JsFigure[]> {
  const dist = path.join(REPO_ROOT, "apps/web/dist");
  const manifestPath = path.join(dist, ".vite/manifest.json");
  const routeTablePath = path.join(dist, ".vite/route-preloads.json");
  if (!existsSync(manifestPath) || !existsSync(routeTablePath)) {
    throw new Error("apps/web/dist has no manifest or route table: run npm run build first");
  }
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Record<string, ManifestChunk>;
  const routeTable = JSON.parse(await readFile(routeTablePath, "utf8")) as Array<{
    path: string;
    scripts: string[];
  }>;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      closure(manifest[key]?.imports ?? [], seen);
    }
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith("index.html"));
  if (!entry) throw new Error("no entry chunk in the manifest");
  const entryFiles = [...closure([entry])].map((key) => `/${manifest[key]?.file}`);
  const routes: Record<string, string> = { home: "/", explore: "/explore" };
  const figures: JsFigure[] = [];
  for (const [page, routePath] of Object.entries(routes)) {
    const route = routeTable.find((item) => item.path === routePath);
    if (!route) {
      log(`no route ${routePath} in the build's route table`);
      continue;
    }
    const files = new Set([...entryFiles, ...route.scripts].filter((file) => file.endsWith(".js")));
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const bytes = await readFile(path.join(dist, file));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    figures.push({
      page,
      files: files.size,
      rawKb: Math.round(raw / 102.4) / 10,
      gzipKb: Math.round(gzip / 102.4) / 10,
    });
  }
  return figures;
}

// ---- Report -------------------------------------------------------------------------------------

function table(head: string[], rows: Array<Array<string | number>>): string {
  return [
    `| ${head.join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

const imports = await benchImports();
const searches: SearchFigure[] = [];
for (const database of databases) searches.push(...(await benchSearch(database)));
const javascript = await benchJavaScript();

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 1e9),
    node: process.version,
  },
  titles: titleCount,
  queries: queryCount,
  imports,
  searches,
  javascript,
};
await mkdir(path.join(REPO_ROOT, "bench/results"), { recursive: true });
await writeFile(
  path.join(REPO_ROOT, "bench/results/catalogue.json"),
  `${JSON.stringify(results, null, 2)}\n`,
);

console.log("### Imports (d)\n");
console.log(
  table(
    ["Files", "Title", "Episodes", "Median", "Max"],
    imports.map((figure) => [
      figure.files,
      figure.title,
      figure.episodes,
      `${figure.ms.p50} ms`,
      `${figure.ms.max} ms`,
    ]),
  ),
);
console.log(`\n### Explore search over ${titleCount} titles (e), ${queryCount} searches each\n`);
console.log(
  table(
    ["Database", "Through", "p50", "p95", "p99", "max", "Results per page (mean)"],
    searches.map((figure) => [
      figure.database,
      figure.transport,
      `${figure.ms.p50} ms`,
      `${figure.ms.p95} ms`,
      `${figure.ms.p99} ms`,
      `${figure.ms.max} ms`,
      Math.round(figure.meanResults * 10) / 10,
    ]),
  ),
);
console.log("\n### JavaScript of a first visit (f)\n");
console.log(
  table(
    ["Page", "Chunks", "Raw", "Gzipped"],
    javascript.map((figure) => [figure.page, figure.files, `${figure.rawKb} KB`, `${figure.gzipKb} KB`]),
  ),
);
