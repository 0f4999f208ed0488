import { MAX_PAYLOAD_BYTES } from "@litverse/shared/constants";
import type { WebSocket } from "ws";

/**
 * Frames above this are cut off by the WebSocket layer itself (close code 1009). Between
 * MAX_PAYLOAD_BYTES and this, the message is refused with an error and the connection carries on.
 */
export const HARD_FRAME_LIMIT_BYTES = 8 * MAX_PAYLOAD_BYTES;

type RawMessage = Buffer | ArrayBuffer | Buffer[];
type MessageListener = (data: RawMessage, isBinary: boolean) => void;

function byteLength(data: RawMessage): number {
  return Array.isArray(data) ? data.reduce((sum, part) => sum + part.byteLength, 0) : data.byteLength;
}

const tooLargeReply = JSON.stringify({
  id: null,
  error: {
    message: `Message too large: the limit is ${MAX_PAYLOAD_BYTES} bytes.`,
    code: -32600,
    data: { code: "PAYLOAD_TOO_LARGE", appCode: "PAYLOAD_TOO_LARGE", httpStatus: 413 },
  },
});

/**
 * Answers an oversized message with an error and keeps it from every message listener added
 * afterwards (the function layer attaches its listeners with `socket.on`).
 */
export function guardMessageSize(socket: WebSocket): void {
  socket.on("message", (data: RawMessage) => {
    if (byteLength(data) > MAX_PAYLOAD_BYTES) socket.send(tooLargeReply);
  });
  const on = socket.on.bind(socket) as (event: string, listener: (...args: never[]) => void) => WebSocket;
  socket.on = ((event: string, listener: (...args: never[]) => void) => {
    if (event !== "message") return on(event, listener);
    const inner = listener as unknown as MessageListener;
    return on("message", (data: RawMessage, isBinary: boolean) => {
      if (byteLength(data) <= MAX_PAYLOAD_BYTES) inner(data, isBinary);
    });
  }) as typeof socket.on;
}
