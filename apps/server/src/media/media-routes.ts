// GET and HEAD /media/…: covers, avatars and story pictures for anyone, an episode's files and a conversation's
// pictures only through a signed URL (url-signing.ts), and resized image variants on request. Files go out through @fastify/send
// (ranges, validators, conditional requests) and are never compressed: media is compressed
// already, and compressing a range would break its byte offsets.
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import type { Readable } from "node:stream";
import { type SendOptions, send } from "@fastify/send";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  ImageConversionError,
  type ImageVariants,
  parseVariantQuery,
  VARIANT_OUTPUT,
  VariantRequestError,
  type VariantSpec,
} from "./image-variants.ts";
import { isValidMediaKey, type MediaStorage } from "./storage.ts";
import { MEDIA_ID_PATTERN, type MediaUrlSigner } from "./url-signing.ts";

export interface MediaRoutesOptions {
  storage: MediaStorage;
  signer: MediaUrlSigner;
  variants: ImageVariants;
}

/**
 * What may be served, by extension. Anything else is a 404, notably chapter HTML (it reaches
 * readers only through functions, sanitised), SVG and scripts: served from our origin they could
 * run in it.
 */
const SERVED_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  mp4: "video/mp4",
  webm: "video/webm",
  m4a: "audio/mp4",
  m4b: "audio/mp4",
  mp3: "audio/mpeg",
  // A book's narration (read-along) as the book ships it.
  ogg: "audio/ogg",
  opus: "audio/ogg",
  wav: "audio/wav",
  flac: "audio/flac",
  // A book's own fonts (publisher styles).
  woff2: "font/woff2",
  woff: "font/woff",
  otf: "font/otf",
  ttf: "font/ttf",
  vtt: "text/vtt; charset=utf-8",
  pdf: "application/pdf",
};
const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "webp", "avif", "gif"]);

/** Cover file names carry a hash of their content: a changed cover is a new URL. */
const COVER_CACHE_CONTROL = "public, max-age=31536000, immutable";

const SEND_OPTIONS: SendOptions = {
  // Keys are checked before anything reaches send; variants live under `.variants`.
  dotfiles: "allow",
  index: false,
  // Set here instead: Content-Type from the list above, Cache-Control per route.
  contentType: false,
  cacheControl: false,
  etag: true,
  lastModified: true,
  acceptRanges: true,
};

export function registerMediaRoutes(app: FastifyInstance, options: MediaRoutesOptions): void {
  const { signer } = options;

  app.get<{ Params: { contentId: string; file: string } }>(
    "/media/covers/:contentId/:file",
    { compress: false },
    async (request, reply) => {
      const { contentId, file } = request.params;
      if (!MEDIA_ID_PATTERN.test(contentId) || file.includes("/")) return notFound(reply);
      // Newsletters show covers in title cards: mail read in a browser loads them from its own site.
      reply.header("cross-origin-resource-policy", "cross-origin");
      return serve(options, request, reply, `covers/${contentId}/${file}`, COVER_CACHE_CONTROL);
    },
  );

  app.get<{ Params: { userId: string; file: string } }>(
    "/media/avatars/:userId/:file",
    { compress: false },
    async (request, reply) => {
      const { userId, file } = request.params;
      if (!MEDIA_ID_PATTERN.test(userId) || file.includes("/")) return notFound(reply);
      // Named after a hash of their content, like covers.
      return serve(options, request, reply, `avatars/${userId}/${file}`, COVER_CACHE_CONTROL);
    },
  );

  // Club covers, the covers and scene pictures of interactive stories, ads' and newsletters'
  // pictures: named after a hash of their content like title covers, and public like them (a
  // story's draft pictures, an ad in review and a draft issue's included: their names cannot be
  // guessed; mail clients fetch a newsletter's without signing in).
  for (const area of [
    "club-covers",
    "story-covers",
    "story-images",
    "ad-images",
    "newsletter-images",
  ] as const) {
    app.get<{ Params: { id: string; file: string } }>(
      `/media/${area}/:id/:file`,
      { compress: false },
      async (request, reply) => {
        const { id, file } = request.params;
        if (!MEDIA_ID_PATTERN.test(id) || file.includes("/")) return notFound(reply);
        // A newsletter's pictures are shown by mail clients on other sites.
        if (area === "newsletter-images") reply.header("cross-origin-resource-policy", "cross-origin");
        return serve(options, request, reply, `${area}/${id}/${file}`, COVER_CACHE_CONTROL);
      },
    );
  }

  for (const area of ["episodes", "messages", "clubs", "support", "reels"] as const) {
    app.get<{ Params: { id: string; token: string; "*": string } }>(
      `/media/${area}/:id/:token/*`,
      { compress: false },
      async (request, reply) => {
        const { id, token } = request.params;
        // The token is checked first: without one, nothing (not even whether a file exists) is told.
        const check = signer.verify(area, id, token);
        if (!check.ok) {
          const message =
            check.reason === "expired"
              ? "This media link has expired. Open the page again to get a new one."
              : "This media link is not valid.";
          return reply.code(403).send({ error: "Forbidden", message });
        }
        const key = `${area}/${id}/${request.params["*"]}`;
        return serve(options, request, reply, key, `private, max-age=${check.maxAgeSeconds}`);
      },
    );
  }
}

async function serve(
  { storage, variants }: MediaRoutesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  cacheControl: string,
): Promise<FastifyReply> {
  const extension = path.posix.extname(key).slice(1).toLowerCase();
  let contentType = SERVED_TYPES[extension];
  if (!contentType || !isValidMediaKey(key)) return notFound(reply);
  let filePath = storage.resolve(key);

  let spec: VariantSpec | null;
  try {
    spec = parseVariantQuery(request.query as Record<string, unknown>);
  } catch (error) {
    if (error instanceof VariantRequestError) return problem(reply, 400, "Bad Request", error.message);
    throw error;
  }
  if (spec) {
    if (!IMAGE_EXTENSIONS.has(extension)) {
      return problem(reply, 415, "Unsupported Media Type", "Sizes and formats exist only for images.");
    }
    const source = await storage.stat(key);
    if (!source || source.isDirectory) return notFound(reply);
    try {
      filePath = await variants.get(filePath, key, source, spec);
    } catch (error) {
      if (!(error instanceof ImageConversionError)) throw error;
      request.log.warn({ err: error.cause, key }, "image variant failed");
      return problem(reply, 422, "Unprocessable Entity", error.message);
    }
    contentType = VARIANT_OUTPUT[spec.format].contentType;
  }

  const result = await send(requestForSend(request), encodeFilePath(filePath), SEND_OPTIONS);
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
  reply.code(result.statusCode).headers(headers).header("cache-control", cacheControl);
  if (result.statusCode !== 304) reply.type(contentType);
  // A PDF someone sent (support attachments) is saved, not opened inside our origin.
  if (extension === "pdf")
    reply.header("content-disposition", "attachment").header("content-security-policy", "sandbox");
  return reply.send(result.stream);
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

function notFound(reply: FastifyReply): FastifyReply {
  // The app's own not-found answer, so /media 404s look like every other server path's.
  reply.callNotFound();
  return reply;
}

function problem(reply: FastifyReply, status: number, error: string, message: string): FastifyReply {
  return reply.code(status).send({ error, message });
}
