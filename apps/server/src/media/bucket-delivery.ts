// Media kept in a bucket reaches readers in one of two ways (MEDIA_DELIVERY):
// - `signed-url`: a redirect to a short-lived signed URL of the object. The bytes never pass
//   through the server; a CDN in front of the bucket can cache them. Signing times are rounded to
//   the media URL windows (url-signing.ts), so everyone asking within one window gets the same URL
//   and browser caches, the service worker and offline copies keep finding their files.
// - `server`: the server reads the object and passes it on, ranges and validators included, for
//   buckets that readers cannot reach.
// Either way the media route has already checked the request (a signed route's token first), so
// the access rules are the same as for media on disk.
import { Readable } from "node:stream";
import { GetObjectCommand, HeadObjectCommand, S3ServiceException } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { FastifyReply } from "fastify";
import { BucketMediaStorage, isMissing } from "./bucket-storage.ts";
import { type Delivery, finish, type MediaDelivery, notFound, problem } from "./media-delivery.ts";
import { type Clock, URL_WINDOW_SECONDS } from "./url-signing.ts";

const WINDOW_MS = URL_WINDOW_SECONDS * 1000;

export function bucketDelivery(mode: "signed-url" | "server", now: Clock = Date.now): MediaDelivery {
  return async (delivery) => {
    const { store } = delivery;
    if (!(store instanceof BucketMediaStorage)) throw new Error("bucket delivery needs media in a bucket");
    return mode === "signed-url" ? redirectToSignedUrl(delivery, store, now()) : passThrough(delivery, store);
  };
}

async function redirectToSignedUrl(
  { reply, key, contentType, cacheControl, attachment }: Delivery,
  store: BucketMediaStorage,
  nowMs: number,
): Promise<FastifyReply> {
  const info = await store.stat(key);
  if (!info || info.isDirectory) return notFound(reply);
  // Valid from the start of this window to the end of the next: 6 to 12 hours from now.
  const signedAt = Math.floor(nowMs / WINDOW_MS) * WINDOW_MS;
  const expiresInSeconds = (2 * WINDOW_MS) / 1000;
  const url = await getSignedUrl(
    store.bucket.client,
    new GetObjectCommand({
      Bucket: store.bucket.name,
      Key: store.objectName(key),
      ResponseContentType: contentType,
      ResponseCacheControl: cacheControl,
      ...(attachment ? { ResponseContentDisposition: "attachment" } : {}),
    }),
    { expiresIn: expiresInSeconds, signingDate: new Date(signedAt) },
  );
  // Kept by the browser while the URL has at least half a window left to play a long video.
  const leftSeconds = Math.floor((signedAt + 2 * WINDOW_MS - nowMs) / 1000);
  const maxAge = Math.max(0, leftSeconds - URL_WINDOW_SECONDS / 2);
  return reply.code(302).header("location", url).header("cache-control", `private, max-age=${maxAge}`).send();
}

async function passThrough(delivery: Delivery, store: BucketMediaStorage): Promise<FastifyReply> {
  const { request, reply, key } = delivery;
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === "string" ? value : undefined;
  };
  const target = { Bucket: store.bucket.name, Key: store.objectName(key) };
  const conditions = {
    IfNoneMatch: header("if-none-match"),
    IfModifiedSince: parseDate(header("if-modified-since")),
    IfMatch: header("if-match"),
    IfUnmodifiedSince: parseDate(header("if-unmodified-since")),
  };
  let range = header("range");
  try {
    if (request.method === "HEAD") {
      const head = await store.bucket.client.send(new HeadObjectCommand({ ...target, ...conditions }));
      reply.code(200).headers(objectHeaders(head));
      // An empty stream: Fastify keeps the length given, which it would set to 0 for no body.
      return finish(reply, 200, delivery).send(Readable.from([]));
    }
    // S3 has no If-Range: a range asked against another version of the file gets the whole file.
    const ifRange = header("if-range");
    if (range && ifRange) {
      const head = await store.bucket.client.send(new HeadObjectCommand(target));
      if (!rangeStillApplies(ifRange, head)) range = undefined;
    }
    const object = await store.bucket.client.send(
      new GetObjectCommand({ ...target, ...conditions, ...(range ? { Range: range } : {}) }),
    );
    const status = object.ContentRange ? 206 : 200;
    reply.code(status).headers(objectHeaders(object));
    return finish(reply, status, delivery).send(object.Body as Readable);
  } catch (error) {
    if (isMissing(error)) return notFound(reply);
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    if (status === 304) return finish(reply.code(304), 304, delivery).send();
    if (status === 412) return problem(reply, 412, "Precondition Failed", "The file has changed.");
    if (status === 416) {
      const head = await store.bucket.client.send(new HeadObjectCommand(target));
      reply.header("content-range", `bytes */${head.ContentLength ?? 0}`);
      return problem(reply, 416, "Range Not Satisfiable", "The requested range is outside the file.");
    }
    throw error;
  }
}

interface ObjectMetadata {
  ContentLength?: number | undefined;
  ContentRange?: string | undefined;
  ETag?: string | undefined;
  LastModified?: Date | undefined;
}

function objectHeaders(object: ObjectMetadata): Record<string, string> {
  const headers: Record<string, string> = { "accept-ranges": "bytes" };
  if (object.ContentLength !== undefined) headers["content-length"] = String(object.ContentLength);
  if (object.ContentRange) headers["content-range"] = object.ContentRange;
  if (object.ETag) headers.etag = object.ETag;
  if (object.LastModified) headers["last-modified"] = object.LastModified.toUTCString();
  return headers;
}

/** RFC 9110 13.1.5: a strong ETag that matches, or the exact modification date. */
function rangeStillApplies(ifRange: string, head: ObjectMetadata): boolean {
  const value = ifRange.trim();
  if (value.startsWith("W/")) return false;
  if (value.startsWith('"')) return value === head.ETag;
  const date = parseDate(value);
  return Boolean(
    date && head.LastModified && date.getTime() === Math.floor(head.LastModified.getTime() / 1000) * 1000,
  );
}

function parseDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time) : undefined;
}
