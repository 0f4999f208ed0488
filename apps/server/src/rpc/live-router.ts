// `live.watch`: subscribe to any query of the router by name. The query runs with the caller's
// own context, so its access checks apply to every re-run exactly as to a plain call.
import { type AnyRouter, callTRPCProcedure, TRPCError } from "@trpc/server";
import { z } from "zod";
import { liveResults } from "../live/engine.ts";
import type { ProcedureMeta } from "./trpc.ts";
import { publicProcedure, router } from "./trpc.ts";

const watchInput = z.object({
  path: z
    .string()
    .max(200)
    .regex(/^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+$/, "Not a function name"),
  input: z.unknown().optional(),
});

export function createLiveRouter(queries: AnyRouter) {
  return router({
    watch: publicProcedure.input(watchInput).subscription(({ ctx, input, signal }) => {
      const procedure = queries._def.procedures[input.path] as
        | { _def: { type: string; meta?: ProcedureMeta } }
        | undefined;
      if (procedure?._def.type !== "query") {
        throw new TRPCError({ code: "NOT_FOUND", message: `No query named "${input.path}".` });
      }
      // Results of a non-global query depend on who asks: one shared run per person.
      const identity = ctx.session.identity;
      const scope =
        procedure._def.meta?.liveScope === "global"
          ? "*"
          : identity
            ? `identity:${identity.issuerKey}|${identity.subject}`
            : "anonymous";
      const key = `${input.path}\n${stableStringify(input.input)}\n${scope}`;
      const run = () =>
        callTRPCProcedure({
          router: queries,
          path: input.path,
          getRawInput: async () => input.input,
          ctx,
          type: "query",
          signal: undefined,
          batchIndex: 0,
        });
      return liveResults(ctx.live, key, run, signal);
    }),
  });
}

/** JSON with object keys sorted, so that equal inputs give equal keys. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) => {
    if (item && typeof item === "object" && !Array.isArray(item)) {
      return Object.fromEntries(
        Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
    return item;
  });
}
