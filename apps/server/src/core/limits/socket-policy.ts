// What a WebSocket may send, enforced before the function layer reads a message: the size of a
// message, how many calls one message may carry, and how long a new socket may take to say who
// it is.
import { MAX_PAYLOAD_BYTES } from "@litverse/shared/constants";
import type { WebSocket } from "ws";

/**
 * Frames above this are cut off by the WebSocket layer itself (close code 1009). Between
 * MAX_PAYLOAD_BYTES and this, the message is refused with an error and the connection carries on.
 */
export const HARD_FRAME_LIMIT_BYTES = 8 * MAX_PAYLOAD_BYTES;

/** A new socket sends its connection parameters (the access token) at once; a silent one is closed. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

/** Close code for a policy violation. */
const POLICY_VIOLATION = 1008;

export interface SocketPolicy {
  /** Calls one message may carry. */
  maxCallsPerMessage: number;
  /** The client said it would send connection parameters first (`?connectionParams=1`). */
  awaitsConnectionParams: boolean;
  handshakeTimeoutMs?: number;
}

type RawMessage = Buffer | ArrayBuffer | Buffer[];
type MessageListener = (data: RawMessage, isBinary: boolean) => void;

function byteLength(data: RawMessage): number {
  return Array.isArray(data) ? data.reduce((sum, part) => sum + part.byteLength, 0) : data.byteLength;
}

function text(data: RawMessage): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data as ArrayBuffer).toString("utf8");
}

function errorReply(message: string, code: string, httpStatus: number): string {
  return JSON.stringify({
    id: null,
    error: { message, code: -32600, data: { code, appCode: code, httpStatus } },
  });
}

/** Why a message is refused before it is handled, as the reply to send, or null. */
function refusal(data: RawMessage, policy: SocketPolicy): string | null {
  if (byteLength(data) > MAX_PAYLOAD_BYTES) {
    return errorReply(
      `Message too large: the limit is ${MAX_PAYLOAD_BYTES} bytes.`,
      "PAYLOAD_TOO_LARGE",
      413,
    );
  }
  // A batch is a JSON array; only those need counting (and parsing twice).
  const body = text(data);
  if (!body.trimStart().startsWith("[")) return null;
  let calls: unknown;
  try {
    calls = JSON.parse(body);
  } catch {
    return null; // The function layer answers malformed JSON itself.
  }
  if (Array.isArray(calls) && calls.length > policy.maxCallsPerMessage) {
    return errorReply(
      `Too many calls in one message: the limit is ${policy.maxCallsPerMessage}.`,
      "BAD_REQUEST",
      400,
    );
  }
  return null;
}

/**
 * Applies `policy` to `socket`: a refused message is answered with an error and kept from every
 * message listener added afterwards (the function layer attaches its listeners with `socket.on`).
 */
export function applySocketPolicy(socket: WebSocket, policy: SocketPolicy): void {
  if (policy.awaitsConnectionParams) {
    // Until they arrive the function layer holds every call: a socket that never sends them
    // would hold its place for ever.
    const handshake = setTimeout(
      () => socket.close(POLICY_VIOLATION, "No connection parameters received"),
      policy.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS,
    );
    handshake.unref();
    socket.once("message", () => clearTimeout(handshake));
    socket.once("close", () => clearTimeout(handshake));
  }

  const verdicts = new WeakMap<object, string | null>();
  const verdictOf = (data: RawMessage): string | null => {
    const known = verdicts.get(data);
    if (known !== undefined) return known;
    const verdict = refusal(data, policy);
    verdicts.set(data, verdict);
    return verdict;
  };
  socket.on("message", (data: RawMessage) => {
    const reply = verdictOf(data);
    if (reply) socket.send(reply);
  });
  const on = socket.on.bind(socket) as (event: string, listener: (...args: never[]) => void) => WebSocket;
  socket.on = ((event: string, listener: (...args: never[]) => void) => {
    if (event !== "message") return on(event, listener);
    const inner = listener as unknown as MessageListener;
    return on("message", (data: RawMessage, isBinary: boolean) => {
      if (verdictOf(data) === null) inner(data, isBinary);
    });
  }) as typeof socket.on;
}
