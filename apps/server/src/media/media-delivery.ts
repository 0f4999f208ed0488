// How the media route hands a stored file to the reader once it has checked the request: from
// this machine's disk through @fastify/send (ranges, validators, conditional requests), or from a
// bucket (bucket-delivery.ts). Files are never compressed: media is compressed already, and
// compressing a range would break its byte offsets.
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import type { Readable } from "node:stream";
import { type SendOptions, send } from "@fastify/send";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LocalMediaStorage, type MediaStorage } from "./storage.ts";

export interface Delivery {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The store holding `key`: the media store or its variants. */
  store: MediaStorage;
  key: string;
  contentType: string;
  cacheControl: string;
  /** Saved rather than opened (a PDF someone sent). */
  attachment: boolean;
}

export type MediaDelivery = (delivery: Delivery) => Promise<FastifyReply>;

const SEND_OPTIONS: SendOptions = {
  // Keys are checked before anything reaches send; variants live under `.variants`.
  dotfiles: "allow",
  index: false,
  // Set here instead: Content-Type from the served types, Cache-Control per route.
  contentType: false,
  cacheControl: false,
  etag: true,
  lastModified: true,
  acceptRanges: true,
};

/** Files on this machine's disk, sent by the process itself. */
export const diskDelivery: MediaDelivery = async ({ request, reply, store, key, ...how }) => {
  if (!(store instanceof LocalMediaStorage))
    throw new Error("disk delivery needs media on this machine's disk");
  const result = await send(requestForSend(request), encodeFilePath(store.resolve(key)), SEND_OPTIONS);
  if (result.type !== "file") {
    result.stream.destroy();
    if (result.type === "error") {
      if (result.statusCode === 416) {
        reply.header("content-range", result.headers["Content-Range"]);
        return problem(reply, 416, "Range Not Satisfiable", "The requested range is outside the file.");
      }
      if (result.statusCode === 412)
        return problem(reply, 412, "Precondition Failed", "The file has changed.");
      if (result.statusCode >= 500) throw result.metadata.error;
    }
    return notFound(reply);
  }

  const headers = { ...result.headers };
  // send makes its validator from size and modification time and calls it weak; stored media is
  // written once and replaced only whole (a new time), so it is a strong one, which browsers need
  // to resume a download with If-Range.
  if (headers.ETag) headers.ETag = headers.ETag.replace(/^W\//, "");
  reply.code(result.statusCode).headers(headers);
  return finish(reply, result.statusCode, how).send(result.stream);
};

/** The headers every delivery sets on a file going out. */
export function finish(
  reply: FastifyReply,
  status: number,
  { contentType, cacheControl, attachment }: Pick<Delivery, "contentType" | "cacheControl" | "attachment">,
): FastifyReply {
  reply.header("cache-control", cacheControl);
  if (status !== 304) reply.type(contentType);
  // A PDF someone sent (support attachments) is saved, not opened inside our origin.
  if (attachment)
    reply.header("content-disposition", "attachment").header("content-security-policy", "sandbox");
  return reply;
}

/**
 * What send needs of the request (it reads only the method and headers), with If-Range matched
 * against the strong validator we announce rather than send's weak form of it.
 */
function requestForSend(request: FastifyRequest): Readable {
  const headers: IncomingHttpHeaders = { ...request.headers };
  const given = headers["if-range"];
  const ifRange = typeof given === "string" ? given.trim() : undefined;
  if (ifRange?.startsWith('"')) headers["if-range"] = `W/${ifRange}`;
  // A weak validator never satisfies If-Range (RFC 9110 13.1.5): the whole file goes out.
  else if (ifRange?.startsWith("W/")) headers["if-range"] = '"never-matches"';
  return { method: request.method, headers } as unknown as Readable;
}

/** send takes a URL-encoded path and decodes it itself. */
function encodeFilePath(filePath: string): string {
  return filePath.split(path.sep).map(encodeURIComponent).join("/");
}

export function notFound(reply: FastifyReply): FastifyReply {
  // The app's own not-found answer, so /media 404s look like every other server path's.
  reply.callNotFound();
  return reply;
}

export function problem(reply: FastifyReply, status: number, error: string, message: string): FastifyReply {
  return reply.code(status).send({ error, message });
}
