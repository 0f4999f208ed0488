// The live fan-out's clients, in a process of their own (started by `openFanoutClients` in
// bench/fanout.ts): each watches the shared query and its own user's row through the function
// client's WebSocket link, as the web app does, and the fan-out asks this process when each had a
// change.
//
// A process that does nothing but hold the clients, like the bare broadcast's
// (bench/bare-broadcast-clients.ts), so that both sides are measured alike: in the harness, which
// also runs the scenario, talks to the servers and keeps every latency, its own collections fell
// on the changes (history/live.md, 2026-12-06).
//
// Every time this process answers with is on the first server's clock (the one that takes the
// writes), from an offset it measures itself.
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import { answerParent } from "./child-channel.ts";
import type { FanoutClientsAnswer, FanoutClientsRequest } from "./fanout.ts";
import { collectGarbage, garbageCollectionTime } from "./gc-time.ts";
import {
  benchServerClockOffset,
  type ClockOffset,
  clockNow,
  closeAll,
  connectMany,
  signal,
  transportEvents,
  type WsClient,
  waitUntil,
  withTimeout,
} from "./harness.ts";

interface ClientState {
  readonly userId: string;
  updates: number;
  seenTitle: string | undefined;
  titleAt: number;
  userName: string | null | undefined;
  userAt: number;
}

const clientsGcSince = garbageCollectionTime("fan-out clients");
let clients: WsClient[] = [];
let states: ClientState[] = [];
let expected = "";
let arrivals = 0;
let allArrived = signal();
let usersReady = 0;
let subscriptionErrors = 0;
let clockUrl = "";
let clock: ClockOffset = { offsetMs: 0, uncertaintyMs: Number.POSITIVE_INFINITY };
let pendingRename: {
  index: number;
  name: string;
  snapshot: number[];
  arrived: ReturnType<typeof signal>;
} | null = null;
/** A time of this process on the server's clock. */
const onServerClock = (at: number) => at + clock.offsetMs;

async function open(request: Extract<FanoutClientsRequest, { type: "open" }>) {
  clockUrl = request.clockUrl;
  expected = request.title;
  let start = performance.now();
  for (const share of request.shares) clients.push(...(await connectMany(share.wsUrl, share.count)));
  const connectMs = performance.now() - start;
  states = request.userIds.map((userId) => ({
    userId,
    updates: 0,
    seenTitle: undefined,
    titleAt: 0,
    userName: undefined,
    userAt: 0,
  }));
  const count = states.length;
  start = performance.now();
  clients.forEach((client, index) => {
    const state = states[index] as ClientState;
    client.trpc.live.watch.subscribe(
      { path: "systemSettings.getComingSoonSettings" },
      {
        onData(value) {
          const at = clockNow();
          state.updates++;
          const title = (value as ComingSoonSettings).comingSoonTitle;
          if (title === expected && state.seenTitle !== title) {
            state.seenTitle = title;
            state.titleAt = at;
            if (++arrivals === count) allArrived.resolve();
          }
        },
        onError: () => void subscriptionErrors++,
      },
    );
    client.trpc.live.watch.subscribe(
      { path: "bench.getUserName", input: { id: state.userId } },
      {
        onData(value) {
          const at = clockNow();
          if (state.userName === undefined) usersReady++;
          state.updates++;
          state.userName = (value as { name: string | null } | null)?.name ?? null;
          state.userAt = at;
          if (pendingRename?.index === index && pendingRename.name === state.userName)
            pendingRename.arrived.resolve();
        },
        onError: () => void subscriptionErrors++,
      },
    );
  });
  const progress = () =>
    `shared result at ${arrivals}/${count} clients, own row at ${usersReady}/${count}, ` +
    `${subscriptionErrors} subscription errors, ${transportEvents.closes} socket closes`;
  try {
    await withTimeout("initial shared result", allArrived.promise, 60_000);
    await waitUntil("every client's own row", () => usersReady === count, 60_000);
  } catch (error) {
    throw new Error(`${(error as Error).message} (${progress()})`);
  }
  return { connectMs: Math.round(connectMs), subscribeMs: Math.round(performance.now() - start) };
}

async function answer(request: FanoutClientsRequest): Promise<FanoutClientsAnswer> {
  switch (request.type) {
    case "open":
      return { type: "opened", ...(await open(request)) };
    case "clock":
      clock = await benchServerClockOffset(clockUrl);
      return { type: "clock", clock };
    case "collect":
      await collectGarbage();
      return { type: "collected" };
    case "expect":
      expected = request.title;
      arrivals = 0;
      allArrived = signal();
      clientsGcSince();
      return { type: "expecting" };
    case "arrivals":
      await withTimeout(`change to ${states.length} clients`, allArrived.promise, 30_000);
      return {
        type: "arrivals",
        atMs: states.map((state) => onServerClock(state.titleAt)),
        gcMs: clientsGcSince(),
      };
    case "arm-rename":
      pendingRename = {
        index: request.index,
        name: request.name,
        snapshot: states.map((state) => state.updates),
        arrived: signal(),
      };
      return { type: "armed-rename" };
    case "rename-arrival": {
      const rename = pendingRename;
      if (!rename) throw new Error("no rename armed");
      await withTimeout(`rename at client ${rename.index}`, rename.arrived.promise, 10_000);
      return { type: "rename-arrival", atMs: onServerClock((states[rename.index] as ClientState).userAt) };
    }
    case "updates-since-rename": {
      const rename = pendingRename;
      if (!rename) throw new Error("no rename armed");
      pendingRename = null;
      const changed = (state: ClientState, index: number) =>
        state.updates - (rename.snapshot[index] as number);
      return {
        type: "updates",
        target: changed(states[rename.index] as ClientState, rename.index),
        otherClients: states.filter((state, index) => index !== rename.index && changed(state, index) !== 0)
          .length,
      };
    }
    case "counters":
      return {
        type: "counters",
        subscriptionErrors,
        connectionCloses: transportEvents.closes,
        connectionErrors: transportEvents.errors,
      };
    default:
      throw new Error(`unexpected request ${request.type}`);
  }
}

answerParent(answer, async () => {
  await closeAll(clients);
  clients = [];
  process.exit(0);
});
process.send?.({ type: "ready" } satisfies FanoutClientsAnswer);
