// `live.watch`: subscribe to any query of the router by name. The query runs through the router
// with the subscriber's context, so its access checks apply to every re-run exactly as to a plain
// call.
import { type AnyRouter, callTRPCProcedure, TRPCError } from "@trpc/server";
import { type CombinedDataTransformer, defaultTransformer } from "@trpc/server/unstable-core-do-not-import";
import { z } from "zod";
import type { Identity } from "../auth/identity.ts";
import { type LiveEvent, liveResults, liveResultsSentBy } from "../core/live/engine.ts";
import { stableStringify } from "../core/live/stable-stringify.ts";
import type { RequestContext } from "./context.ts";
import { directReplyFor } from "./socket-replies.ts";
import type { ProcedureMeta } from "./trpc.ts";
import { publicProcedure, router } from "./trpc.ts";

const watchInput = z.object({
  path: z
    .string()
    .max(200)
    .regex(/^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+$/, "Not a function name"),
  input: z.unknown().optional(),
});

/** Whose results a subscriber may share: one person's, or everyone's when signed out. */
function viewerScope(identity: Identity | null): string {
  return identity ? `identity:${identity.issuerKey}|${identity.subject}` : "anonymous";
}

type DataEvent = Extract<LiveEvent, { kind: "data" }>;

/**
 * A result's JSON as the function layer would send it: the engine's own JSON under the default
 * transformer; otherwise the transformer's output, serialized once per result however many
 * subscribers it goes to.
 */
function wireJsonOf(transformer: CombinedDataTransformer): (event: DataEvent) => string | undefined {
  if (transformer === defaultTransformer) return (event) => event.json;
  const cache = new WeakMap<DataEvent, string | undefined>();
  return (event) => {
    if (cache.has(event)) return cache.get(event);
    const json: string | undefined = JSON.stringify(transformer.output.serialize(event.data));
    cache.set(event, json);
    return json;
  };
}

export function createLiveRouter(queries: AnyRouter) {
  const wireJson = wireJsonOf(queries._def._config.transformer as CombinedDataTransformer);
  return router({
    watch: publicProcedure
      .meta({ comingSoon: "open" })
      .input(watchInput)
      .subscription((options) => {
        const { ctx, input, signal } = options;
        const procedure = queries._def.procedures[input.path] as
          | { _def: { type: string; meta?: ProcedureMeta } }
          | undefined;
        if (procedure?._def.type !== "query") {
          throw new TRPCError({ code: "NOT_FOUND", message: `No query named "${input.path}".` });
        }
        // A global query's result is the same for everyone: one shared run, as nobody in particular.
        // Any other is run for one viewer, and shared only by subscribers who are that viewer.
        const isGlobal = procedure._def.meta?.liveScope === "global";
        const scope = isGlobal ? "*" : viewerScope(ctx.session.identity);
        const key = `${input.path}\n${stableStringify(input.input)}\n${scope}`;
        const runContext = (): RequestContext => {
          const identity = ctx.session.identity;
          // Should the connection's viewer ever differ from the scope, the run sees nobody rather
          // than someone else.
          const isSameViewer = !isGlobal && identity !== null && viewerScope(identity) === scope;
          return {
            deps: ctx.deps,
            live: ctx.live,
            log: ctx.log,
            auth: ctx.auth,
            clientIp: ctx.clientIp,
            userAgent: ctx.userAgent,
            connection: ctx.connection,
            limits: ctx.limits,
            session: { identity: isSameViewer ? identity : null },
          };
        };
        const run = () =>
          callTRPCProcedure({
            router: queries,
            path: input.path,
            getRawInput: async () => input.input,
            ctx: runContext(),
            type: "query",
            signal: undefined,
            batchIndex: 0,
          });
        // Over a WebSocket, results go straight to the socket (see socket-replies.ts); the
        // iterator then only carries the end and any error.
        const { path, batchIndex } = options as unknown as { path?: string; batchIndex?: number };
        const reply = path === undefined ? null : directReplyFor(path, batchIndex ?? 0);
        const results = reply
          ? liveResultsSentBy(ctx.live, key, run, signal, (event) => reply.sendJson(wireJson(event)))
          : liveResults(ctx.live, key, run, signal);
        return countedOnConnection(ctx, results);
      }),
  });
}

/** Holds one of the connection's live-query places for as long as `results` runs. */
async function* countedOnConnection(ctx: RequestContext, results: AsyncGenerator<unknown>) {
  const { connection } = ctx;
  if (connection) {
    const max = ctx.limits.maxLiveQueriesPerSocket;
    if (connection.liveQueries >= max) {
      throw new TRPCError({
        code: "TOO_MANY_REQUESTS",
        message: `This connection already watches ${max} queries, the most it may.`,
      });
    }
    connection.liveQueries++;
  }
  try {
    yield* results;
  } finally {
    if (connection) connection.liveQueries--;
  }
}
