// The socket layer's own limit, for the fan-out benchmark to be measured against: a bare `ws`
// server in its own process, with no function layer, no live-query engine and no database. It
// speaks just enough of the function layer's subscription messages for the same clients as the
// real fan-out's to subscribe (it answers "started" to any subscription and forgets stopped
// ones). It prints one JSON line with its port, then answers:
//   POST /broadcast  sends the request's body (a result, as JSON) to every subscription in one
//                    loop, one text message each in the subscription's envelope, and answers with
//                    this process's clock before and after
//   GET  /sockets    how many sockets and subscriptions are open
//   GET  /clock      this process's clock, so the harness can compare its times with ours
//   GET  /healthz    "ok", as the app answers a load balancer
//   POST /loop       the longest event-loop delay and the time in garbage collection since the
//                    previous call (and starts anew)
//   POST /gc         full garbage collections
// Stops when its standard input closes (the harness went away).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { type WebSocket, WebSocketServer } from "ws";
import { collectGarbage, garbageCollectionTime } from "./gc-time.ts";

const clockNow = () => performance.timeOrigin + performance.now();

const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
const gcSince = garbageCollectionTime("bare server");

const server = createServer((request, response) => {
  const answer = (body: unknown) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  if (request.method === "GET" && request.url === "/sockets")
    return answer({
      sockets: sockets.clients.size,
      subscriptions: [...subscriptions.values()].reduce((sum, ids) => sum + ids.size, 0),
    });
  if (request.method === "GET" && request.url === "/clock") return answer({ now: clockNow() });
  // For a load balancer in front, which waits for this before it is taken as started.
  if (request.method === "GET" && request.url === "/healthz") return answer({ status: "ok" });
  if (request.method === "POST" && request.url === "/loop") {
    const result = { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6, gcMs: gcSince() };
    loopDelay.reset();
    return answer(result);
  }
  if (request.method === "POST" && request.url === "/gc") {
    void collectGarbage().then(() => answer({ collected: true }));
    return;
  }
  if (request.method === "POST" && request.url === "/broadcast") {
    const parts: Buffer[] = [];
    request.on("data", (part: Buffer) => parts.push(part));
    request.on("end", () => {
      const data = Buffer.concat(parts).toString("utf8");
      const startedAt = clockNow();
      let sends = 0;
      for (const [socket, ids] of subscriptions) {
        if (socket.readyState !== socket.OPEN) continue;
        for (const id of ids) {
          socket.send(`{"id":${id},"result":{"type":"data","data":${data}}}`);
          sends++;
        }
      }
      answer({ startedAt, lastSendAt: clockNow(), sends });
    });
    return;
  }
  response.writeHead(404).end();
});
const sockets = new WebSocketServer({ server });

/** Each socket's subscription ids, as JSON. */
const subscriptions = new Map<WebSocket, Set<string>>();

sockets.on("connection", (socket) => {
  const ids = new Set<string>();
  subscriptions.set(socket, ids);
  socket.on("close", () => subscriptions.delete(socket));
  socket.on("message", (raw) => {
    const text = raw.toString();
    if (text === "PING") return socket.send("PONG");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
      const { id, method } = call as { id?: unknown; method?: unknown };
      if (typeof id !== "number" && typeof id !== "string") continue;
      if (method === "subscription") {
        ids.add(JSON.stringify(id));
        socket.send(JSON.stringify({ id, result: { type: "started" } }));
      } else if (method === "subscription.stop") ids.delete(JSON.stringify(id));
    }
  });
});

process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();

server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port, pid: process.pid })}\n`);
});
