// `npm run bench:media`: media from a bucket against media from the disk, and moving media between
// them. The bucket is S3rver (an S3 API over a local folder, in a child process of its own), the
// servers are real server processes (apps/server/src/main.ts), the load comes from this process.
//   (1) small files (a 30 KB cover), requests per second at a concurrency: from the disk; from the
//       bucket through the server; the signed-URL redirect alone (the server's share of a request);
//       redirect and bucket together; the bucket's signed URL alone (the bucket's ceiling);
//   (2) a large file (64 MB), MB/s with a few downloads at once, the same ways;
//   (3) media:migrate's copying of N GB of local media to the bucket, again (nothing to copy), and
//       back to an empty disk.
// Prints markdown and writes bench/results/media.json; `--help` for the options.
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { BucketLocation } from "../apps/server/src/core/config.ts";
import { BucketMediaStorage, openBucket } from "../apps/server/src/media/bucket-storage.ts";
import { migrateMedia } from "../apps/server/src/media/media-migration.ts";
import { LocalMediaStorage } from "../apps/server/src/media/storage.ts";
import { startTestS3Server } from "../apps/server/src/test/s3-server.ts";
import { startAppServer, stopAppServer } from "./app-server.ts";
import { progressLog, round } from "./harness.ts";

const USAGE = `Usage: npm run bench:media -- [options]
  --requests 4000      small-file requests per way (default 4000)
  --concurrency 32     requests in flight (default 32)
  --large-mb 64        size of the large file (default 64)
  --downloads 8        downloads of the large file per way, 4 at a time (default 8)
  --migrate-gb 1       local media to migrate there and back (default 1; 0 skips it)`;

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "4000" },
    concurrency: { type: "string", default: "32" },
    "large-mb": { type: "string", default: "64" },
    downloads: { type: "string", default: "8" },
    "migrate-gb": { type: "string", default: "1" },
    role: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const log = progressLog();

if (values.role === "s3") {
  // The bucket in a process of its own, so that its work is not this process's.
  const s3 = await startTestS3Server("bench-media");
  process.send?.({ location: s3.location(), directory: s3.directory });
  process.on("disconnect", () => void s3.close().then(() => process.exit(0)));
} else {
  await main();
}

async function startBucket(): Promise<{ child: ChildProcess; location: BucketLocation }> {
  // S3rver's continuation tokens (listings of more than 1,000 objects, as the migration's way
  // back makes) use DES, which OpenSSL 3 offers only with its legacy provider.
  const child = fork(fileURLToPath(import.meta.url), ["--role", "s3"], {
    stdio: "inherit",
    execArgv: [...process.execArgv, "--openssl-legacy-provider"],
  });
  const location = await new Promise<BucketLocation>((resolve) =>
    child.once("message", (message: { location: BucketLocation }) => resolve(message.location)),
  );
  return { child, location };
}

function bucketEnv(location: BucketLocation, delivery: "signed-url" | "server"): Record<string, string> {
  return {
    MEDIA_STORAGE: "s3",
    MEDIA_DELIVERY: delivery,
    S3_ENDPOINT: location.endpoint ?? "",
    S3_BUCKET: location.bucket,
    S3_REGION: location.region,
    S3_ACCESS_KEY_ID: location.credentials?.accessKeyId ?? "",
    S3_SECRET_ACCESS_KEY: location.credentials?.secretAccessKey ?? "",
    S3_FORCE_PATH_STYLE: "true",
  };
}

/** Requests per second of `count` GETs of `url`, `concurrency` at a time. */
async function requestsPerSecond(
  url: string,
  count: number,
  concurrency: number,
  redirect: "follow" | "manual",
): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next++;
      const response = await fetch(url, { redirect });
      await response.arrayBuffer();
      if (response.status !== 200 && response.status !== 302)
        throw new Error(`${url}: HTTP ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count / ((performance.now() - started) / 1000);
}

/** MB/s over `count` downloads of `url`, four at a time. */
async function megabytesPerSecond(url: string, count: number): Promise<number> {
  let next = 0;
  let bytes = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next++;
      const response = await fetch(url);
      if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
      for await (const chunk of response.body) bytes += chunk.byteLength;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return bytes / 1024 / 1024 / ((performance.now() - started) / 1000);
}

async function signedUrlOf(serverUrl: string, key: string): Promise<string> {
  const response = await fetch(`${serverUrl}/media/${key}`, { redirect: "manual" });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location)
    throw new Error(`no redirect for ${key}: HTTP ${response.status}`);
  return location;
}

async function main(): Promise<void> {
  const requests = Number(values.requests);
  const concurrency = Number(values.concurrency);
  const largeBytes = Number(values["large-mb"]) * 1024 * 1024;
  const downloads = Number(values.downloads);
  const migrateGb = Number(values["migrate-gb"]);
  const work = await mkdtemp(path.join(os.tmpdir(), "litverse-bench-media-"));
  const bucket = await startBucket();
  const servers: ChildProcess[] = [];
  try {
    const contentId = randomUUID();
    const small = randomBytes(30 * 1024);
    const large = randomBytes(largeBytes);
    const smallKey = `covers/${contentId}/cover-1.jpg`;
    const largeKey = `covers/${contentId}/trailer.mp4`;

    log("writing the files to the disk and to the bucket");
    const diskData = path.join(work, "disk");
    const disk = new LocalMediaStorage(path.join(diskData, "media"));
    const store = new BucketMediaStorage(openBucket(bucket.location), disk.staging);
    for (const target of [disk, store]) {
      await target.writeFile(smallKey, small);
      await target.writeFile(largeKey, large);
    }
    const dist = path.join(work, "dist");
    await mkdir(dist, { recursive: true });
    await writeFile(
      path.join(dist, "index.html"),
      "<!doctype html><html><head><title>bench</title></head><body></body></html>",
    );
    const start = async (name: string, port: number, env: Record<string, string>) => {
      const dataDir = path.join(work, name);
      const child = await startAppServer({
        port,
        dataDir,
        dist,
        env: { NODE_ENV: "test", SEED_DEMO: "0", LOCAL_ADMIN_ENDPOINT: "0", ...env },
      });
      servers.push(child);
      return `http://127.0.0.1:${port}`;
    };
    log("starting three servers: disk, bucket through the server, bucket by signed URL");
    const base = 34_700 + Math.floor(Math.random() * 200);
    const diskUrl = await start("disk", base, {});
    const serverUrl = await start("through-server", base + 1, bucketEnv(bucket.location, "server"));
    const signedUrl = await start("signed-url", base + 2, bucketEnv(bucket.location, "signed-url"));

    const smallSigned = await signedUrlOf(signedUrl, smallKey);
    const largeSigned = await signedUrlOf(signedUrl, largeKey);
    const ways = [
      {
        way: "disk, through the server",
        small: `${diskUrl}/media/${smallKey}`,
        large: `${diskUrl}/media/${largeKey}`,
        redirect: "follow" as const,
      },
      {
        way: "bucket, through the server",
        small: `${serverUrl}/media/${smallKey}`,
        large: `${serverUrl}/media/${largeKey}`,
        redirect: "follow" as const,
      },
      {
        way: "bucket, signed-URL redirect alone",
        small: `${signedUrl}/media/${smallKey}`,
        large: null,
        redirect: "manual" as const,
      },
      {
        way: "bucket, redirect then signed URL",
        small: `${signedUrl}/media/${smallKey}`,
        large: `${signedUrl}/media/${largeKey}`,
        redirect: "follow" as const,
      },
      {
        way: "bucket, signed URL alone (S3rver's ceiling)",
        small: smallSigned,
        large: largeSigned,
        redirect: "follow" as const,
      },
    ];
    const served: Array<{ way: string; smallPerSecond: number; largeMBps: number | null }> = [];
    for (const way of ways) {
      log(`${way.way}: warming up`);
      await requestsPerSecond(way.small, Math.min(200, requests), concurrency, way.redirect);
      const smallPerSecond = await requestsPerSecond(way.small, requests, concurrency, way.redirect);
      const largeMBps = way.large ? await megabytesPerSecond(way.large, downloads) : null;
      served.push({
        way: way.way,
        smallPerSecond: round(smallPerSecond, 0),
        largeMBps: largeMBps && round(largeMBps, 0),
      });
      log(
        `${way.way}: ${round(smallPerSecond, 0)} requests/s, ${largeMBps ? round(largeMBps, 0) : "-"} MB/s`,
      );
    }

    let migration: Record<string, number> | null = null;
    if (migrateGb > 0) migration = await measureMigration(work, bucket.location, migrateGb);

    const result = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, load ${os
        .loadavg()
        .map((value) => round(value, 2))
        .join(" / ")}`,
      options: { requests, concurrency, largeMb: largeBytes / 1024 / 1024, downloads, migrateGb },
      served,
      migration,
    };
    await mkdir(path.join(REPO_ROOT, "bench/results"), { recursive: true });
    await writeFile(path.join(REPO_ROOT, "bench/results/media.json"), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\n## Media (${result.date.slice(0, 10)}, ${result.machine})\n`);
    console.log(
      `| way | ${requests} requests of 30 KB, ${concurrency} at a time | ${downloads} downloads of ${largeBytes / 1024 / 1024} MB, 4 at a time |`,
    );
    console.log("| --- | --- | --- |");
    for (const row of served) {
      console.log(
        `| ${row.way} | ${row.smallPerSecond} requests/s | ${row.largeMBps === null ? "-" : `${row.largeMBps} MB/s`} |`,
      );
    }
    if (migration) {
      console.log(`\nmedia:migrate, ${migrateGb} GB in ${migration.files} files:`);
      console.log(
        `to the bucket ${migration.toBucketSeconds} s (${migration.toBucketMBps} MB/s); again, nothing to copy, ${migration.againSeconds} s; back to the disk ${migration.toDiskSeconds} s (${migration.toDiskMBps} MB/s)`,
      );
    }
  } finally {
    for (const server of servers) await stopAppServer(server);
    bucket.child.disconnect();
    await rm(work, { recursive: true, force: true });
  }
}

/** Writes `gb` of media (videos of 8 MB, pictures of 200 KB, by bytes 80/20), then migrates it. */
async function measureMigration(
  work: string,
  location: BucketLocation,
  gb: number,
): Promise<Record<string, number>> {
  const disk = new LocalMediaStorage(path.join(work, "migrate-from"));
  const store = new BucketMediaStorage(openBucket({ ...location }), disk.staging, { prefix: "" });
  const total = gb * 1024 ** 3;
  let written = 0;
  let files = 0;
  log(`writing ${gb} GB of local media`);
  const video = randomBytes(8 * 1024 * 1024);
  const picture = randomBytes(200 * 1024);
  while (written < total) {
    const episode = randomUUID();
    // Each file differs in its first bytes, as real files do (and so does its MD5).
    const stamp = Buffer.from(randomUUID());
    const isVideo = files % 10 < 2 ? false : written < total * 0.8;
    const bytes = isVideo ? video : picture;
    stamp.copy(bytes);
    await disk.writeFile(`episodes/${episode}/${isVideo ? "video.mp4" : "pages/0001.jpg"}`, bytes);
    written += bytes.length;
    files++;
  }
  const seconds = (started: number) => round((performance.now() - started) / 1000, 1);
  const megabytes = written / 1024 / 1024;
  log(`migrating ${files} files to the bucket`);
  let started = performance.now();
  const there = await migrateMedia(disk, store, "to-bucket");
  const toBucketSeconds = seconds(started);
  started = performance.now();
  const again = await migrateMedia(disk, store, "to-bucket");
  const againSeconds = seconds(started);
  log("and back to an empty disk");
  const back = new LocalMediaStorage(path.join(work, "migrate-back"));
  started = performance.now();
  const returned = await migrateMedia(back, store, "to-disk");
  const toDiskSeconds = seconds(started);
  if (there.failed.length + again.copied + returned.failed.length > 0) {
    throw new Error(`migration did not check out: ${JSON.stringify({ there, again, returned })}`);
  }
  return {
    files,
    megabytes: round(megabytes, 0),
    toBucketSeconds,
    toBucketMBps: round(megabytes / toBucketSeconds, 0),
    againSeconds,
    toDiskSeconds,
    toDiskMBps: round(megabytes / toDiskSeconds, 0),
  };
}
