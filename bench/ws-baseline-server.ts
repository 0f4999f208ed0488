// The socket layer's own limit, for the fan-out benchmark to be measured against: a bare `ws`
// server in its own process, with no function layer, no live-query engine and no database. It
// prints one JSON line with its port, then answers:
//   POST /broadcast  sends the request's body as one text message to every open socket, in one
//                    loop, and answers with this process's clock before and after
//   GET  /sockets    how many sockets are open
//   GET  /clock      this process's clock, so the harness can compare its times with ours
//   POST /loop       the longest event-loop delay since the previous call (and starts anew)
// Stops when its standard input closes (the harness went away).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { WebSocketServer } from "ws";

const clockNow = () => performance.timeOrigin + performance.now();

const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();

const server = createServer((request, response) => {
  const answer = (body: unknown) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  if (request.method === "GET" && request.url === "/sockets")
    return answer({ sockets: sockets.clients.size });
  if (request.method === "GET" && request.url === "/clock") return answer({ now: clockNow() });
  if (request.method === "POST" && request.url === "/loop") {
    const result = { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6 };
    loopDelay.reset();
    return answer(result);
  }
  if (request.method === "POST" && request.url === "/broadcast") {
    const parts: Buffer[] = [];
    request.on("data", (part: Buffer) => parts.push(part));
    request.on("end", () => {
      const message = Buffer.concat(parts).toString("utf8");
      const startedAt = clockNow();
      let sends = 0;
      for (const socket of sockets.clients) {
        if (socket.readyState !== socket.OPEN) continue;
        socket.send(message);
        sends++;
      }
      answer({ startedAt, lastSendAt: clockNow(), sends });
    });
    return;
  }
  response.writeHead(404).end();
});
const sockets = new WebSocketServer({ server });

process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();

server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port, pid: process.pid })}\n`);
});
