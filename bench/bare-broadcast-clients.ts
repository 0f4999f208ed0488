// The bare broadcast's clients, in a process of their own (started by `openBareBroadcast` in
// bench/bare-broadcast.ts): `subscribers` clients of the bare `ws` servers at `controlUrls`
// (bench/ws-baseline-server.ts, comma-separated) hold one subscription each, connected through
// `wsUrl` (the one server itself, or a load balancer in front of them), and every "broadcast"
// message from the parent has every server send one result to its clients at once, and answers
// with when each client had it.
//
// Their own process, so that the bare broadcast and the app's fan-out can both hold their clients
// at once (each process has its own limit of open files) and take turns change by change.
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import { DEFAULT_COMING_SOON_SETTINGS } from "@litverse/shared/system-settings";
import type { BareChange, BareClientsMessage, BareParentMessage } from "./bare-broadcast.ts";
import { answerParent } from "./child-channel.ts";
import { collectGarbage, garbageCollectionTime } from "./gc-time.ts";
import {
  baselineControl,
  type ClockOffset,
  clockNow,
  closeAll,
  connectMany,
  connectPlainMany,
  signal,
  sleep,
  waitUntil,
  withTimeout,
} from "./harness.ts";

const [controlUrls, wsUrl, subscribersArgument, clientKind] = process.argv.slice(2);
const subscribers = Number(subscribersArgument);
if (
  !controlUrls ||
  !wsUrl ||
  !Number.isInteger(subscribers) ||
  subscribers < 1 ||
  (clientKind !== "trpc" && clientKind !== "plain")
)
  throw new Error("usage: bare-broadcast-clients.ts <control urls> <ws url> <subscribers> trpc|plain");

const clientsGcSince = garbageCollectionTime("bare clients");

const servers = controlUrls.split(",").map(baselineControl);
let expected = "";
let arrivals = 0;
let allArrived = signal();
const arrivedAt = new Float64Array(subscribers);
const seen: string[] = new Array(subscribers).fill("");
const onSettings = (index: number, at: number, settings: ComingSoonSettings) => {
  const title = settings.comingSoonTitle;
  if (title !== expected || seen[index] === title) return;
  seen[index] = title;
  arrivedAt[index] = at;
  if (++arrivals === subscribers) allArrived.resolve();
};

let close = async () => {};
if (clientKind === "trpc") {
  const clients = await connectMany(wsUrl, subscribers);
  close = () => closeAll(clients);
  clients.forEach((client, index) => {
    client.trpc.live.watch.subscribe(
      { path: "systemSettings.getComingSoonSettings" },
      { onData: (value) => onSettings(index, clockNow(), value as ComingSoonSettings) },
    );
  });
} else {
  const sockets = await connectPlainMany(wsUrl, subscribers, (index, text) => {
    const at = clockNow();
    const message = JSON.parse(text) as { result: { type: string; data?: ComingSoonSettings } };
    if (message.result.data) onSettings(index, at, message.result.data);
  });
  close = async () => {
    for (const socket of sockets) socket.close();
  };
  const subscribe = JSON.stringify({
    id: 1,
    method: "subscription",
    params: { path: "live.watch", input: { path: "systemSettings.getComingSoonSettings" } },
  });
  for (const socket of sockets) socket.send(subscribe);
}
const subscriptions = async () =>
  (await Promise.all(servers.map((server) => server.sockets()))).reduce(
    (sum, counts) => sum + counts.subscriptions,
    0,
  );
await waitUntil("baseline subscriptions", async () => (await subscriptions()) === subscribers, 60_000, 100);
await sleep(200);
/** Each server's clock minus ours. */
const clocks = await Promise.all(servers.map((server) => server.clockOffset()));

/**
 * One broadcast of `title` by every server at once: when each client had it, after the first
 * server began (times moved onto this process's clock).
 */
async function broadcast(title: string): Promise<BareChange> {
  expected = title;
  arrivals = 0;
  allArrived = signal();
  await Promise.all(servers.map((server) => server.loopDelay()));
  clientsGcSince();
  const data = JSON.stringify({ ...DEFAULT_COMING_SOON_SETTINGS, comingSoonTitle: title });
  const sent = await Promise.all(servers.map((server) => server.broadcast(data)));
  const ours = (time: number, index: number) => time - (clocks[index] as ClockOffset).offsetMs;
  const startedAt = Math.min(...sent.map((each, index) => ours(each.startedAt, index)));
  const lastSendAt = Math.max(...sent.map((each, index) => ours(each.lastSendAt, index)));
  await withTimeout(`bare broadcast to ${subscribers}`, allArrived.promise, 30_000);
  await sleep(150);
  const loops = await Promise.all(servers.map((server) => server.loopDelay()));
  return {
    latenciesMs: Array.from(arrivedAt, (at) => Math.max(0, at - startedAt)),
    sendSpanMs: lastSendAt - startedAt,
    loopStallMs: Math.max(...loops.map((loop) => loop.maxMs)),
    serverGcMs: Math.max(...loops.map((loop) => loop.gcMs)),
    clientsGcMs: clientsGcSince(),
  };
}

async function stop() {
  await close();
  process.exit(0);
}

answerParent<BareParentMessage, BareClientsMessage>(async (request) => {
  if (request.type === "collect") {
    await collectGarbage();
    return { type: "collected" };
  }
  if (request.type === "broadcast") return { type: "change", change: await broadcast(request.title) };
  throw new Error(`unexpected request ${request.type}`);
}, stop);
process.send?.({ type: "ready", clock: clocks[0] as ClockOffset } satisfies BareClientsMessage);
