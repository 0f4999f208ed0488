/// <reference path="../types/s3rver.d.ts" />
// A real S3-compatible server for tests and benchmarks: S3rver, an S3 API over a local folder,
// started on a free port with one bucket. It knows only its own access key and refuses expired
// signed URLs, but its signature check is off: it canonicalises a bucket-level path (`/bucket/`,
// as the AWS SDK sends listings) without the trailing slash the SDK signed, so every listing would
// fail. Resumable uploads need two calls S3rver lacks, listing a multipart upload's parts and
// abandoning one: the harness answers them from S3rver's own folder of parts. Listings are asked
// for pages of at least 1,000 keys: S3rver encrypts continuation tokens with DES, which OpenSSL 3
// offers only with its legacy provider, so a listing cut short fails unless Node runs with
// --openssl-legacy-provider (the media benchmark's bucket process does).
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import type { BucketLocation } from "../core/config.ts";

/** S3rver's fixed credentials. */
const ACCESS_KEY = "S3RVER";

export interface TestS3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** The settings a server process needs to keep its media in this bucket. */
  env(delivery?: "signed-url" | "server"): Record<string, string>;
  /** The same, as the configuration's media location. */
  location(delivery?: "signed-url" | "server"): BucketLocation;
  /** Where S3rver keeps the bucket's objects on disk (to check what reached the bucket). */
  directory: string;
  close(): Promise<void>;
}

/** Lets the app's pages fetch signed URLs (offline downloads, fonts) from another origin. */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>Content-Range</ExposeHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

export async function startTestS3Server(bucket = "litverse-media"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "litverse-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  await server.configureBuckets();
  const handle = server.callback();
  const front = http.createServer((request, response) => {
    request.url = (request.url ?? "/").replace(/([?&]max-keys=)\d+/, (_, name: string) => `${name}1000`);
    const url = new URL(request.url, "http://s3");
    const uploadId = url.searchParams.get("uploadId");
    const isPart = url.searchParams.has("partNumber");
    if (uploadId && !isPart && (request.method === "GET" || request.method === "DELETE")) {
      const parts = path.join(directory, bucket, "._S3rver_uploads", path.basename(uploadId));
      const answer = request.method === "GET" ? listParts(parts, url, uploadId) : abortUpload(parts);
      void answer.then(({ status, body }) => {
        response.writeHead(status, { "content-type": "application/xml" });
        response.end(body);
      });
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const address = front.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const location = (delivery: "signed-url" | "server" = "signed-url") => ({
    kind: "s3" as const,
    bucket,
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    delivery,
  });
  return {
    endpoint,
    bucket,
    directory,
    location,
    env: (delivery = "signed-url") => ({
      MEDIA_STORAGE: "s3",
      MEDIA_DELIVERY: delivery,
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    }),
    async close() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** ListParts: the parts of a multipart upload S3rver keeps as `<n>` files with `<n>.md5` beside them. */
async function listParts(
  folder: string,
  url: URL,
  uploadId: string,
): Promise<{ status: number; body: string }> {
  const names = await readdir(folder).catch(() => null);
  if (!names) return noSuchUpload();
  const numbers = names
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (number) => {
      const file = path.join(folder, String(number));
      const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, "utf8")]);
      return `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
    }),
  );
  const key = decodeURIComponent(url.pathname.split("/").slice(2).join("/"));
  const body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`;
  return { status: 200, body };
}

/** AbortMultipartUpload: the parts go. */
async function abortUpload(folder: string): Promise<{ status: number; body: string }> {
  if (!(await stat(folder).catch(() => null))) return noSuchUpload();
  await rm(folder, { recursive: true, force: true });
  return { status: 204, body: "" };
}

function noSuchUpload() {
  return {
    status: 404,
    body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
