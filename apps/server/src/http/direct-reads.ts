// A shorter way over HTTP for the reads everyone shares: `GET /api/trpc/<name>` of a public query of
// global live scope (the ones the read cache may serve). The call itself goes through the router
// exactly as tRPC's adapter sends it (context from the bearer token, every middleware, the input
// parser, the read cache); what is left out is the adapter's conversion of each request into a
// fetch Request and of the answer into a stream. The answer is the adapter's, byte for byte, with
// its status and headers; since its length is known, compression keeps to its size threshold.
// Anything else (batches, streaming, failures of any kind) is handed to tRPC's own handler, which
// gives the exact error answer: a query has no effects, so running it again costs only time.
import { type AnyTRPCRouter, callTRPCProcedure } from "@trpc/server";
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from "@trpc/server/adapters/fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sharedReadPaths } from "../rpc/cached-answers.ts";

type TRPCOptions = FastifyTRPCPluginOptions<AnyTRPCRouter>["trpcOptions"];

export interface DirectReadOptions {
  /** Where tRPC's HTTP handler is mounted: "/api/trpc". */
  prefix: string;
  /** What tRPC's own handler is given, for everything the direct way does not answer itself. */
  trpcOptions: TRPCOptions;
  /** The call's context, exactly as tRPC's handler makes it for this request. */
  createContext: (request: FastifyRequest) => Promise<unknown>;
  /** Prepares a request for tRPC's own handler (its answers are streamed, never compressed). */
  handOver: (request: FastifyRequest) => void;
  /**
   * The answer the read cache holds for a query answered before the function layer
   * (rpc/cached-answers.ts), as JSON, or undefined.
   */
  cachedJson: (path: string) => string | undefined;
}

/** Registers `GET {prefix}/<name>` for each direct read. */
export function registerDirectReads(
  app: FastifyInstance,
  { prefix, trpcOptions, createContext, handOver, cachedJson }: DirectReadOptions,
): void {
  const { router } = trpcOptions;
  const viaTrpc = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    handOver(request);
    await fastifyRequestHandler({ ...trpcOptions, req: request, res: reply, path });
    return reply;
  };
  /** The call through the router, as tRPC's adapter would make it; any failure is tRPC's to answer. */
  const callThroughRouter = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    query: Record<string, unknown>,
  ) => {
    let input: unknown;
    let data: unknown;
    try {
      if (query.input !== undefined) {
        if (typeof query.input !== "string") return viaTrpc(request, reply, path);
        input = JSON.parse(query.input);
      }
      const ctx = await createContext(request);
      data = await callTRPCProcedure({
        router,
        path,
        getRawInput: async () => input,
        ctx,
        type: "query",
        signal: undefined,
        batchIndex: 0,
      });
    } catch {
      return viaTrpc(request, reply, path);
    }
    return sendAnswer(reply, JSON.stringify(data));
  };
  for (const path of sharedReadPaths(router)) {
    // HEAD stays with tRPC's handler, as before.
    // Not an async handler: an answer the cache holds goes out within the request's own turn,
    // without a promise for Fastify to wait on (the calls-per-second bench measured it).
    app.get(`${prefix}/${path}`, { exposeHeadRoute: false }, (request, reply) => {
      const query = request.query as Record<string, unknown>;
      // Batches and streamed answers are tRPC's alone.
      if (query.batch !== undefined || request.headers["trpc-accept"] !== undefined) {
        return viaTrpc(request, reply, path);
      }
      // Held by the cache and asked for without a token (which would have to verify first).
      if (query.input === undefined && request.headers.authorization === undefined) {
        const held = cachedJson(path);
        if (held !== undefined) {
          sendAnswer(reply, held);
          return;
        }
      }
      return callThroughRouter(request, reply, path, query);
    });
  }
}

/** The answer as tRPC's adapter writes it. */
function sendAnswer(reply: FastifyReply, json: string): FastifyReply {
  // Bytes, so that the content type goes out as tRPC sends it (a string would gain a charset).
  return reply
    .header("content-type", "application/json")
    .header("vary", "trpc-accept, accept")
    .send(Buffer.from(`{"result":{"data":${json}}}`));
}
