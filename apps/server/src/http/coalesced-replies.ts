// Replies to the calls of one WebSocket message leave together. A client sends the calls it has
// ready as one message (a batch); answered from memory, their replies are ready within the same
// turn of the event loop, and each would otherwise be its own write to the network (a system call
// each, the largest share of a cheap call's cost). The connection is held from the moment a
// message arrives until the end of that turn, so everything answered meanwhile goes out in one
// write; replies that take longer go out when they are ready, as before.
import type { Socket } from "node:net";
import type { WebSocket } from "ws";

export function coalesceReplies(socket: WebSocket, connection: Socket): void {
  let isHeld = false;
  const release = () => {
    isHeld = false;
    if (!connection.destroyed) connection.uncork();
  };
  // Registered before the function layer's listener, so the hold is in place before any reply.
  socket.on("message", () => {
    if (isHeld || connection.destroyed) return;
    isHeld = true;
    connection.cork();
    setImmediate(release);
  });
}
