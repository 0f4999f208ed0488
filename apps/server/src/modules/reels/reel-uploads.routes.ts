// /api/reels/uploads: resumable uploads of reels from phones and desktops (the tus protocol, served
// by @tus/server), so that a dropped connection resumes where it stopped instead of starting again.
// Every request carries the person's bearer token; an upload belongs to whoever created it and is
// invisible to everyone else. `reels.createReel` then takes the finished upload by its id.
import type { IncomingMessage } from "node:http";
import { REEL_MAX_UPLOAD_BYTES, REEL_UPLOAD_PATH } from "@litverse/shared/reels";
import { Server } from "@tus/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TokenVerifier } from "../../auth/token-verifier.ts";
import { personBudgetKey, type RateLimits } from "../../core/limits/rate-limits.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { httpCaller, spendWrite } from "../../http/http-caller.ts";
import { OWNER_KEY } from "../../media/reel-uploads.ts";

const TUS_METHODS = ["POST", "HEAD", "PATCH", "DELETE", "OPTIONS"] as const;

export interface ReelUploadOptions {
  /** The largest upload; REEL_MAX_UPLOAD_BYTES unless a test says otherwise. */
  maxBytes?: number;
  /** Origins whose pages may upload (the app's own). */
  origins: string[];
}

export async function registerReelUploads(
  app: FastifyInstance,
  deps: ServiceDeps,
  verifier: TokenVerifier,
  rates: RateLimits,
  options: ReelUploadOptions,
): Promise<void> {
  const store = deps.media.reelUploads;
  /** Who sent each request being handled, for the upload it creates. */
  const senders = new WeakMap<IncomingMessage, string>();
  let tus: Server | null = null;
  // Made on first use, with the store's folder.
  const tusServer = () => {
    tus ??= new Server({
      path: REEL_UPLOAD_PATH,
      datastore: store.datastore,
      maxSize: options.maxBytes ?? REEL_MAX_UPLOAD_BYTES,
      relativeLocation: true,
      // Plain ids in addresses; the store's keys behind them (in a bucket, under a prefix).
      ...store.naming,
      allowedOrigins: options.origins,
      onUploadCreate: async (request, upload) => {
        const raw = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
        const sender = raw ? senders.get(raw) : undefined;
        if (!sender) throw { status_code: 401, body: "Please sign in first.\n" };
        // Whatever the sender put under the owner's key is replaced.
        return { metadata: { ...upload.metadata, [OWNER_KEY]: sender } };
      },
    });
    return tus;
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "OPTIONS") {
      const caller = await httpCaller(request, reply, deps, verifier);
      if (!caller) return reply;
      if (request.method === "POST") {
        if (!(await spendWrite(reply, rates, personBudgetKey(caller.identity)))) return reply;
      } else {
        const id = (request.params as { id?: string }).id ?? "";
        if ((await store.ownerOf(id)) !== caller.user.id) {
          return reply.code(404).header("tus-resumable", "1.0.0").send("Upload not found\n");
        }
      }
      senders.set(request.raw, caller.user.id);
    }
    // tus reads the body and writes the answer itself.
    reply.hijack();
    await tusServer().handle(request.raw, reply.raw);
  };

  await app.register(async (scope) => {
    // Leave upload bodies unread for tus, however large.
    scope.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));
    scope.route({ method: [...TUS_METHODS], url: REEL_UPLOAD_PATH, handler: handle });
    scope.route({ method: [...TUS_METHODS], url: `${REEL_UPLOAD_PATH}/:id`, handler: handle });
  });
}
