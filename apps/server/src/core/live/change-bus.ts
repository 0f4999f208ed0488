// Carries "these topics changed" announcements to every live-query engine that cares: the ones in
// this process at once, and, on PostgreSQL, those in other server processes through NOTIFY on a
// dedicated connection (never inside a business transaction).
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { ALL_TOPICS } from "./topics.ts";

export type ChangeListener = (topics: readonly string[]) => void;

export interface ChangeBus {
  /** Announces committed changes. Topics announced in one tick are delivered as one batch. */
  publish(topics: Iterable<string>): void;
  subscribe(listener: ChangeListener): () => void;
  /** False while announcements from other processes may be going astray (their listener is down). */
  isInSync(): boolean;
  close(): Promise<void>;
}

/** Delivers batches to this process's listeners. */
export class LocalChangeBus implements ChangeBus {
  private readonly listeners = new Set<ChangeListener>();
  private pending = new Set<string>();
  private flushScheduled = false;

  publish(topics: Iterable<string>): void {
    for (const topic of topics) this.pending.add(topic);
    if (this.flushScheduled || this.pending.size === 0) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /** Hands a batch to local listeners now, skipping the batching tick (for remote batches). */
  deliver(topics: readonly string[]): void {
    for (const listener of this.listeners) listener(topics);
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isInSync(): boolean {
    return true;
  }

  protected flush(): string[] {
    this.flushScheduled = false;
    if (this.pending.size === 0) return [];
    const batch = [...this.pending];
    this.pending = new Set();
    if (batch.length > 0) this.deliver(batch);
    return batch;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

const CHANNEL = "litverse_changes";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay well under. */
const MAX_PAYLOAD_CHARS = 7000;
const RECONNECT_MAX_MS = 16_000;

interface WireMessage {
  /** Sending process, so that it can ignore its own echo. */
  o: string;
  t: string[];
}

/**
 * Local delivery plus fan-out between processes through PostgreSQL LISTEN/NOTIFY. One connection
 * listens, another publishes each batch as one NOTIFY (split only if very large). If the listening
 * connection drops, every local query is re-run once it is back, since announcements may have
 * been missed meanwhile.
 */
export class PostgresChangeBus extends LocalChangeBus {
  private readonly origin = randomUUID();
  private listenClient: pg.Client | null = null;
  private publishClient: pg.Client | null = null;
  private publishChain: Promise<void> = Promise.resolve();
  private closed = false;

  private readonly newClient: () => pg.Client;
  private readonly onError: (error: unknown) => void;

  constructor(newClient: () => pg.Client, onError: (error: unknown) => void = () => {}) {
    super();
    this.newClient = newClient;
    this.onError = onError;
  }

  async start(): Promise<void> {
    await this.connectListener();
  }

  override isInSync(): boolean {
    return this.listenClient !== null && !this.closed;
  }

  protected override flush(): string[] {
    const batch = super.flush();
    if (batch.length > 0) this.sendRemote(batch);
    return batch;
  }

  private sendRemote(topics: string[]): void {
    const payloads = chunkPayloads(this.origin, topics);
    this.publishChain = this.publishChain.then(async () => {
      try {
        const client = await this.getPublishClient();
        for (const payload of payloads) {
          await client.query("select pg_notify($1, $2)", [CHANNEL, payload]);
        }
      } catch (error) {
        this.onError(error);
        this.dropPublishClient();
      }
    });
  }

  private async getPublishClient(): Promise<pg.Client> {
    if (this.publishClient) return this.publishClient;
    const client = this.newClient();
    client.on("error", (error) => {
      this.onError(error);
      this.dropPublishClient();
    });
    await client.connect();
    this.publishClient = client;
    return client;
  }

  private dropPublishClient(): void {
    const client = this.publishClient;
    this.publishClient = null;
    client?.end().catch(() => {});
  }

  private async connectListener(): Promise<void> {
    const client = this.newClient();
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const parsed = parseWireMessage(message.payload);
      if (parsed && parsed.o !== this.origin) this.deliver(parsed.t);
    });
    client.on("error", (error) => {
      this.onError(error);
      this.onListenerLost(client);
    });
    client.on("end", () => this.onListenerLost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    this.listenClient = client;
  }

  private onListenerLost(client: pg.Client): void {
    if (this.closed || this.listenClient !== client) return;
    this.listenClient = null;
    client.end().catch(() => {});
    void this.reconnect();
  }

  private async reconnect(): Promise<void> {
    for (let attempt = 0; !this.closed && !this.listenClient; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** attempt, RECONNECT_MAX_MS)));
      if (this.closed) return;
      try {
        await this.connectListener();
      } catch (error) {
        this.onError(error);
      }
    }
    // Announcements sent while we were away are lost: have every query look again.
    if (this.listenClient) this.deliver([ALL_TOPICS]);
  }

  override async close(): Promise<void> {
    // Announcements still waiting for their batch are sent before the connections close.
    this.flush();
    this.closed = true;
    await this.publishChain;
    await super.close();
    const listener = this.listenClient;
    this.listenClient = null;
    await Promise.all([listener?.end(), this.publishClient?.end()].map((p) => p?.catch(() => {})));
    this.publishClient = null;
  }
}

export function chunkPayloads(origin: string, topics: string[]): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const topic of topics) {
    const cost = JSON.stringify(topic).length + 1;
    if (current.length > 0 && size + cost > MAX_PAYLOAD_CHARS) {
      payloads.push(JSON.stringify({ o: origin, t: current } satisfies WireMessage));
      current = [];
      size = 0;
    }
    current.push(topic);
    size += cost;
  }
  if (current.length > 0) payloads.push(JSON.stringify({ o: origin, t: current } satisfies WireMessage));
  return payloads;
}

function parseWireMessage(payload: string): WireMessage | null {
  try {
    const value = JSON.parse(payload) as Partial<WireMessage>;
    if (typeof value.o !== "string" || !Array.isArray(value.t)) return null;
    return { o: value.o, t: value.t.filter((topic): topic is string => typeof topic === "string") };
  } catch {
    return null;
  }
}
