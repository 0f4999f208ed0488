// GET and HEAD /media/…: covers, avatars and story pictures for anyone, an episode's files and a
// conversation's pictures only through a signed URL (url-signing.ts), and resized image variants
// on request. How the file then goes out (from disk, or from a bucket) is the delivery's business
// (media-delivery.ts, bucket-delivery.ts).
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  ImageConversionError,
  type ImageVariants,
  parseVariantQuery,
  VARIANT_OUTPUT,
  VariantRequestError,
  type VariantSpec,
} from "./image-variants.ts";
import { type MediaDelivery, notFound, problem } from "./media-delivery.ts";
import { servedType } from "./media-types.ts";
import { isValidMediaKey, type MediaStorage } from "./storage.ts";
import { MEDIA_ID_PATTERN, type MediaUrlSigner } from "./url-signing.ts";

export interface MediaRoutesOptions {
  storage: MediaStorage;
  signer: MediaUrlSigner;
  variants: ImageVariants;
  delivery: MediaDelivery;
}

const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "webp", "avif", "gif"]);

/** Cover file names carry a hash of their content: a changed cover is a new URL. */
const COVER_CACHE_CONTROL = "public, max-age=31536000, immutable";

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
  { storage, variants, delivery }: MediaRoutesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  cacheControl: string,
): Promise<FastifyReply> {
  const extension = path.posix.extname(key).slice(1).toLowerCase();
  let contentType = servedType(key);
  if (!contentType || !isValidMediaKey(key)) return notFound(reply);

  let spec: VariantSpec | null;
  try {
    spec = parseVariantQuery(request.query as Record<string, unknown>);
  } catch (error) {
    if (error instanceof VariantRequestError) return problem(reply, 400, "Bad Request", error.message);
    throw error;
  }
  if (!spec || !storage.variants) {
    const attachment = extension === "pdf";
    return delivery({ request, reply, store: storage, key, contentType, cacheControl, attachment });
  }
  if (!IMAGE_EXTENSIONS.has(extension)) {
    return problem(reply, 415, "Unsupported Media Type", "Sizes and formats exist only for images.");
  }
  const source = await storage.stat(key);
  if (!source || source.isDirectory) return notFound(reply);
  let variantKey: string;
  try {
    variantKey = await variants.get(storage, key, source, spec);
  } catch (error) {
    if (!(error instanceof ImageConversionError)) throw error;
    request.log.warn({ err: error.cause, key }, "image variant failed");
    return problem(reply, 422, "Unprocessable Entity", error.message);
  }
  contentType = VARIANT_OUTPUT[spec.format].contentType;
  return delivery({
    request,
    reply,
    store: storage.variants,
    key: variantKey,
    contentType,
    cacheControl,
    attachment: false,
  });
}
