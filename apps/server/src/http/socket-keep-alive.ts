// Finds WebSockets whose client has gone without closing them (a phone that lost its network, a
// laptop that slept): each socket is pinged every interval with the protocol's own ping frame,
// which browsers and every WebSocket client answer by themselves, and one that has not answered
// within the wait is cut off.
//
// In place of the function layer's keep-alive, for two reasons (decision 0058). Its pings are
// text messages, which the client's code must read and answer and the server must read again, and
// it restarts two timers on every message a socket sends. And it pings a socket a fixed time after
// its last message, so sockets opened together stay pinged together: every client reconnecting
// after a restart got its ping in the same instant every 30 s, a burst of thousands of messages
// each way that a live change then had to queue behind.
import type { WebSocket } from "ws";

export interface KeepAliveTiming {
  /** Time between two pings of one socket. */
  pingMs: number;
  /** How long its answer may take before the socket is cut off. */
  pongWaitMs: number;
}

export const SOCKET_KEEP_ALIVE: KeepAliveTiming = { pingMs: 30_000, pongWaitMs: 5_000 };

/** `WebSocket.OPEN`: only an open socket can be pinged. */
const OPEN = 1;

/**
 * Pings `socket` every `timing.pingMs`, its first ping at a random point of the first interval so
 * that sockets opened together spread over it, and terminates it when a pong does not come in
 * `timing.pongWaitMs`. Stops when the socket closes.
 */
export function keepSocketAlive(
  socket: Pick<WebSocket, "on" | "once" | "ping" | "terminate" | "readyState">,
  timing: KeepAliveTiming = SOCKET_KEEP_ALIVE,
  random: () => number = Math.random,
): void {
  let pongWait: NodeJS.Timeout | undefined;
  let pings: NodeJS.Timeout | undefined;
  const ping = () => {
    if (socket.readyState !== OPEN) return;
    // A ping still unanswered keeps its own deadline.
    if (pongWait === undefined) pongWait = setTimeout(() => socket.terminate(), timing.pongWaitMs);
    socket.ping();
  };
  const first = setTimeout(
    () => {
      ping();
      pings = setInterval(ping, timing.pingMs);
    },
    Math.floor(random() * timing.pingMs),
  );
  socket.on("pong", () => {
    clearTimeout(pongWait);
    pongWait = undefined;
  });
  socket.once("close", () => {
    clearTimeout(first);
    clearInterval(pings);
    clearTimeout(pongWait);
  });
}
