// Open WebSockets, in all and per client address, so that one address cannot hold the server's
// sockets and the server never takes more than it can carry.
import type { WebSocket } from "ws";

/** One open WebSocket: who it came from and how many live queries it holds. */
export interface SocketConnection {
  readonly ip: string;
  liveQueries: number;
}

export type ConnectionRefusal = { status: 429 | 503; message: string };

export class ConnectionRegistry {
  private readonly perIp = new Map<string, number>();
  private total = 0;
  private readonly maxTotal: number;
  private readonly maxPerIp: number;

  constructor(limits: { maxSockets: number; maxSocketsPerIp: number }) {
    this.maxTotal = limits.maxSockets;
    this.maxPerIp = limits.maxSocketsPerIp;
  }

  get size(): number {
    return this.total;
  }

  /** Why a new socket from `ip` is refused, or null when it may open. */
  refusal(ip: string): ConnectionRefusal | null {
    if (this.total >= this.maxTotal)
      return { status: 503, message: "The server is at capacity. Try again soon." };
    if ((this.perIp.get(ip) ?? 0) >= this.maxPerIp) {
      return { status: 429, message: "Too many connections from this address." };
    }
    return null;
  }

  /** Counts `socket` until it closes. */
  open(ip: string, socket: WebSocket): SocketConnection {
    this.total++;
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
    socket.once("close", () => {
      this.total--;
      const left = (this.perIp.get(ip) ?? 1) - 1;
      if (left > 0) this.perIp.set(ip, left);
      else this.perIp.delete(ip);
    });
    return { ip, liveQueries: 0 };
  }
}
