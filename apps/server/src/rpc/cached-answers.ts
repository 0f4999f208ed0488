// The read every page asks for first (the coming-soon settings), answered from the read cache
// before the function layer when it holds the answer: over a WebSocket and over HTTP GET. Only a
// query that tRPC would answer the same way for anyone at any time takes this way: public, of
// global live scope (its result is the same for everyone, as the read cache's sharing already
// assumes), open while coming-soon mode is on (no gate to pass), and without input (nothing to
// validate). Any other call, and this one whenever the cache does not hold its answer, goes
// through the function layer as before. The answer is the function layer's, byte for byte.
import type { AnyTRPCRouter } from "@trpc/server";
import type { WebSocket } from "ws";
import type { ReadCache } from "../core/live/read-cache.ts";
import { stableStringify } from "../core/live/stable-stringify.ts";
import { type ProcedureMeta, readCacheKey } from "./trpc.ts";

interface ProcedureDef {
  _def: { type: string; meta?: ProcedureMeta; inputs: unknown[] };
}

function proceduresOf(router: AnyTRPCRouter): Array<[string, ProcedureDef["_def"]]> {
  const procedures = router._def.procedures as Record<string, ProcedureDef>;
  return Object.entries(procedures).map(([path, { _def }]) => [path, _def]);
}

/** The queries whose result is the same for every caller: public, of global live scope. */
export function sharedReadPaths(router: AnyTRPCRouter): string[] {
  return proceduresOf(router)
    .filter(
      ([, { type, meta }]) => type === "query" && meta?.access === "public" && meta.liveScope === "global",
    )
    .map(([path]) => path);
}

/** Of those, the ones answered from the cache before the function layer (see above). */
export function cacheAnsweredPaths(router: AnyTRPCRouter): Set<string> {
  const procedures = new Map(proceduresOf(router));
  return new Set(
    sharedReadPaths(router).filter((path) => {
      const procedure = procedures.get(path);
      return procedure?.meta?.comingSoon === "open" && procedure.inputs.length === 0;
    }),
  );
}

/** Messages longer than this are left to the function layer unread (a client's batch of 50 such calls fits). */
const MAX_MESSAGE_BYTES = 16_384;
const NO_INPUT_KEY = stableStringify(undefined);

export interface CachedAnswers {
  /** The held answer of a path of `cacheAnsweredPaths` as JSON, or undefined. */
  json(path: string): string | undefined;
  /**
   * The replies to a socket message, in the function layer's format and order, when every call it
   * holds (one, or a batch) is a query of such a path, without input, whose answer the cache
   * holds; null otherwise (the whole message is then the function layer's).
   */
  socketReplies(message: Buffer): string[] | null;
}

export function cachedAnswers(router: AnyTRPCRouter, reads: ReadCache): CachedAnswers {
  const paths = cacheAnsweredPaths(router);
  const quotedPaths = [...paths].map((path) => `"${path}"`);
  const json = (path: string) =>
    paths.has(path) ? reads.peekJson(readCacheKey(path, NO_INPUT_KEY)) : undefined;
  const replyTo = (call: unknown): string | null => {
    if (!call || typeof call !== "object" || Array.isArray(call)) return null;
    const { id, jsonrpc, method, params } = call as Record<string, unknown>;
    if (method !== "query" || (typeof id !== "number" && typeof id !== "string")) return null;
    if (jsonrpc !== undefined && jsonrpc !== "2.0") return null;
    if (!params || typeof params !== "object") return null;
    const { path, input, lastEventId } = params as Record<string, unknown>;
    if (typeof path !== "string" || input !== undefined || lastEventId !== undefined) return null;
    const data = json(path);
    if (data === undefined) return null;
    // As tRPC writes it: JSON.stringify({ id, jsonrpc, result: { type: "data", data } }).
    const version = jsonrpc === undefined ? "" : ',"jsonrpc":"2.0"';
    return `{"id":${JSON.stringify(id)}${version},"result":{"type":"data","data":${data}}}`;
  };
  return {
    json,
    socketReplies(message) {
      // Most messages are other calls: they are turned away by their bytes, neither decoded nor parsed.
      if (message.byteLength > MAX_MESSAGE_BYTES || !message.includes('"query"')) return null;
      if (!quotedPaths.some((path) => message.includes(path))) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.toString("utf8"));
      } catch {
        return null;
      }
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      if (calls.length === 0) return null;
      const replies: string[] = [];
      for (const call of calls) {
        const reply = replyTo(call);
        if (reply === null) return null;
        replies.push(reply);
      }
      return replies;
    },
  };
}

type RawMessage = Buffer | ArrayBuffer | Buffer[];
type MessageListener = (data: RawMessage, isBinary: boolean) => void;

/** The message's bytes as one buffer (a view, not a copy); null for a fragmented one, left to tRPC. */
function messageBytes(data: RawMessage): Buffer | null {
  if (Array.isArray(data)) return null;
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

/**
 * Answers such calls on `socket` from the cache, keeping them from every message listener added
 * afterwards (the function layer's), once `isReady` says the socket's call context was made: a
 * socket whose sign-in was refused is answered by the function layer, as before.
 */
export function answerFromCacheFirst(
  socket: WebSocket,
  answers: CachedAnswers,
  isReady: () => boolean,
): void {
  const answered = new WeakMap<object, boolean>();
  const isAnswered = (data: RawMessage): boolean => {
    const known = answered.get(data);
    if (known !== undefined) return known;
    const bytes = isReady() ? messageBytes(data) : null;
    const replies = bytes === null ? null : answers.socketReplies(bytes);
    answered.set(data, replies !== null);
    for (const reply of replies ?? []) socket.send(reply);
    return replies !== null;
  };
  const on = socket.on.bind(socket) as (event: string, listener: (...args: never[]) => void) => WebSocket;
  socket.on = ((event: string, listener: (...args: never[]) => void) => {
    if (event !== "message") return on(event, listener);
    const inner = listener as unknown as MessageListener;
    return on("message", (data: RawMessage, isBinary: boolean) => {
      if (!isAnswered(data)) inner(data, isBinary);
    });
  }) as typeof socket.on;
}
