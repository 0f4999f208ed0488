// Lets a subscription answer its own WebSocket client directly, without the function layer's
// per-message work: the socket message that started a call is kept in an async context, so that
// the call can find which socket it came on and under which id its client expects the results.
// The message is only parsed when a subscription asks, and is checked against the call asking.
import { AsyncLocalStorage } from "node:async_hooks";
import type { WebSocket } from "ws";

interface IncomingMessage {
  readonly socket: WebSocket;
  readonly data: unknown;
  parsed?: unknown;
}

const incoming = new AsyncLocalStorage<IncomingMessage>();

type MessageListener = (data: unknown, isBinary: boolean) => void;

/**
 * Runs every message listener added to `socket` from now on (the function layer's among them) in
 * a context that remembers the socket and the message.
 */
export function rememberIncomingMessages(socket: WebSocket): void {
  const on = socket.on.bind(socket) as (event: string, listener: (...args: never[]) => void) => WebSocket;
  socket.on = ((event: string, listener: (...args: never[]) => void) => {
    if (event !== "message") return on(event, listener);
    const inner = listener as unknown as MessageListener;
    return on("message", (data: unknown, isBinary: boolean) => {
      incoming.run({ socket, data }, () => inner(data, isBinary));
    });
  }) as typeof socket.on;
}

/** A subscription's way to send a result straight to its client. */
export interface DirectReply {
  /** Sends one result, given as JSON, in the function layer's own message format. */
  sendJson(json: string | undefined): void;
}

const OPEN = 1;

function parsedMessage(message: IncomingMessage): unknown {
  if (message.parsed === undefined) {
    const { data } = message;
    try {
      const text = Array.isArray(data)
        ? Buffer.concat(data as Buffer[]).toString("utf8")
        : Buffer.isBuffer(data)
          ? data.toString("utf8")
          : typeof data === "string"
            ? data
            : Buffer.from(data as ArrayBuffer).toString("utf8");
      message.parsed = JSON.parse(text);
    } catch {
      message.parsed = null;
    }
  }
  return message.parsed;
}

/**
 * The direct way back to the client of the subscription being called: `path` and `batchIndex` are
 * the call's own, and must match the message that started it. Null when the call did not come
 * through a remembered socket message, or the message does not match (then results go the usual
 * way, through the function layer).
 */
export function directReplyFor(path: string, batchIndex: number): DirectReply | null {
  const message = incoming.getStore();
  if (!message) return null;
  const parsed = parsedMessage(message);
  const call = Array.isArray(parsed) ? parsed[batchIndex] : batchIndex === 0 ? parsed : undefined;
  if (!call || typeof call !== "object") return null;
  const { id, jsonrpc, method, params } = call as {
    id?: unknown;
    jsonrpc?: unknown;
    method?: unknown;
    params?: { path?: unknown };
  };
  if (method !== "subscription" || params?.path !== path) return null;
  if (typeof id !== "number" && typeof id !== "string") return null;
  if (jsonrpc !== undefined && jsonrpc !== "2.0") return null;
  // The envelope the function layer would build for this subscription's data, keys in its order,
  // around the result's JSON: one string concatenation per message instead of a serialization.
  const head = `{"id":${JSON.stringify(id)},${jsonrpc === undefined ? "" : '"jsonrpc":"2.0",'}"result":{"type":"data"`;
  const { socket } = message;
  return {
    sendJson(json) {
      if (socket.readyState !== OPEN) return;
      socket.send(json === undefined ? `${head}}}` : `${head},"data":${json}}}`);
    },
  };
}
