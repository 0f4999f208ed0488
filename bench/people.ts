// `npm run bench:people`: the people's figures, on PGlite and PostgreSQL.
//   (a) a direct message from send to the recipient's open thread, with 1,000 conversations open
//       live over WebSockets (target p99 ≤ 100 ms);
//   (b) an announcement to 100,000 people through the real delivery job (target ≤ 10 s on PGlite),
//       then the badge's unread count and the first page of notifications for one of them;
//   (c) the conversation list and thread pages of someone with 10,000 messages (target ≤ 20 ms).
// Prints markdown and writes bench/results/people.json. `--help` lists the flags.
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { ChatMessage } from "@litverse/shared/messages";
import { createTRPCClient, createWSClient, type TRPCClient, wsLink } from "@trpc/client";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { EMBEDDED_ISSUER_KEY } from "../apps/server/src/auth/identity.ts";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import type { SessionUser } from "../apps/server/src/core/service-deps.ts";
import { deliverAnnouncement } from "../apps/server/src/modules/admin-notifications/announcements.service.ts";
import * as messageThreads from "../apps/server/src/modules/messages/conversation.service.ts";
import * as messageInbox from "../apps/server/src/modules/messages/inbox.service.ts";
import * as messageSending from "../apps/server/src/modules/messages/message-sending.service.ts";
import * as notificationsService from "../apps/server/src/modules/notifications/notifications.service.ts";
import { announcements } from "../apps/server/src/modules/notifications/schema.ts";
import type { Platform } from "../apps/server/src/platform.ts";
import type { AppRouter } from "../apps/server/src/router.ts";
import { accessToken } from "../apps/server/src/test/tokens.ts";
import { clockNow, type Distribution, databasesOf, distribution, progressLog, round } from "./harness.ts";
import { openBenchPlatform } from "./platform.ts";

const USAGE = `Usage: npm run bench:people -- [options]
  --db pglite|postgres|both   databases (default both)
  --conversations 1000        conversations open live for (a) (default 1000)
  --sends 300                 messages sent one at a time for (a) (default 300)
  --burst 200                 messages sent all at once for (a) (default 200)
  --people 100000             people an announcement reaches in (b) (default 100000)
  --messages 10000            messages of the one person in (c) (default 10000)
  --parts a,b,c               which parts to run (default all)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the temporary PostgreSQL database.`;

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    conversations: { type: "string", default: "1000" },
    sends: { type: "string", default: "300" },
    burst: { type: "string", default: "200" },
    people: { type: "string", default: "100000" },
    messages: { type: "string", default: "10000" },
    parts: { type: "string", default: "a,b,c" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const databases = databasesOf(values.db);
const conversationCount = Number(values.conversations);
const sendCount = Number(values.sends);
const burstCount = Number(values.burst);
const peopleCount = Number(values.people);
const messageCount = Number(values.messages);
const parts = new Set((values.parts ?? "a,b,c").split(","));
if (sendCount + burstCount + 20 > conversationCount) {
  // Each measured message comes from a sender of its own, so no sender meets the per-person limit.
  throw new Error("--sends + --burst + 20 warm-up messages must not exceed --conversations");
}

const log = progressLog();

/** Stores `count` people of the embedded provider, set-based; returns their ids and subjects. */
async function storePeople(platform: Platform, count: number, prefix: string) {
  return queryRows<{ id: string; subject: string }>(
    platform.deps.db,
    sql`insert into users (issuer, subject, email, name, role, age)
        select ${EMBEDDED_ISSUER_KEY}, ${prefix} || '-' || g, ${prefix} || '-' || g || '@bench.invalid',
               'Reader ' || g, 'user', 18
        from generate_series(1, ${count}::int) g
        returning id, subject`,
  );
}

/** Friendships between each pair, accepted, set-based. */
async function befriendPairs(platform: Platform, pairs: ReadonlyArray<readonly [string, string]>) {
  for (let start = 0; start < pairs.length; start += 1_000) {
    const chunk = pairs.slice(start, start + 1_000);
    await platform.deps.db.execute(
      sql`insert into friendships (requester_id, addressee_id, status)
          select a::uuid, b::uuid, 'accepted'
          from jsonb_to_recordset(${JSON.stringify(chunk.map(([a, b]) => ({ a, b })))}::jsonb) as t(a text, b text)`,
    );
  }
}

const asUser = (id: string): SessionUser => ({ id, role: "user" });

// ---------------------------------------------------------------------------------------------
// (a) Send → the recipient's open thread

interface Pair {
  sender: TRPCClient<AppRouter>;
  recipientId: string;
  senderId: string;
  /** Bodies the harness waits for in the recipient's thread, with what to do on arrival. */
  waiting: Map<string, (at: number) => void>;
  listArrivals: Map<string, (at: number) => void>;
}

async function liveDelivery(platform: Platform) {
  const app = await buildApp(platform, { logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const wsUrl = `ws://127.0.0.1:${port}/api/ws`;
  const sockets: Array<ReturnType<typeof createWSClient>> = [];
  try {
    log(`(a) storing ${conversationCount * 2} people in ${conversationCount} friendly pairs`);
    const senders = await storePeople(platform, conversationCount, `sender-${randomUUID().slice(0, 8)}`);
    const recipients = await storePeople(
      platform,
      conversationCount,
      `recipient-${randomUUID().slice(0, 8)}`,
    );
    await befriendPairs(
      platform,
      senders.map((sender, index) => [sender.id, recipients[index]?.id ?? ""] as const),
    );
    // Each conversation has some history, written the way the app writes it.
    for (let index = 0; index < conversationCount; index++) {
      const sender = senders[index];
      const recipient = recipients[index];
      if (!sender || !recipient) continue;
      await messageSending.sendMessage(platform.deps, asUser(sender.id), {
        partnerId: recipient.id,
        body: "Have you started the new chapter?",
      });
      await messageSending.sendMessage(platform.deps, asUser(recipient.id), {
        partnerId: sender.id,
        body: "Tonight!",
      });
    }

    log("(a) signing in and connecting every person over a WebSocket");
    const connect = async (subject: string) => {
      const token = await accessToken(platform, { subject, expiresInSeconds: 3_600 });
      const socket = createWSClient({ url: wsUrl, connectionParams: () => ({ token }) });
      sockets.push(socket);
      return createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] });
    };
    const pairs: Pair[] = [];
    let firstResults = 0;
    for (let index = 0; index < conversationCount; index++) {
      const sender = senders[index];
      const recipient = recipients[index];
      if (!sender || !recipient) continue;
      const pair: Pair = {
        sender: await connect(sender.subject),
        recipientId: recipient.id,
        senderId: sender.id,
        waiting: new Map(),
        listArrivals: new Map(),
      };
      const recipientClient = await connect(recipient.subject);
      // What the messages page holds open while a thread is shown: the thread, the conversation
      // list beside it and the menu's badge.
      recipientClient.live.watch.subscribe(
        { path: "messages.listMessages", input: { partnerId: sender.id, limit: 30 } },
        {
          onData(value) {
            const at = clockNow();
            const page = value as { items: ChatMessage[] };
            if (page.items.length > 0 && pair.waiting.size === 0) firstResults++;
            for (const item of page.items.slice(0, 5)) {
              pair.waiting.get(item.body)?.(at);
              pair.waiting.delete(item.body);
            }
          },
        },
      );
      recipientClient.live.watch.subscribe(
        { path: "messages.listConversations", input: undefined },
        {
          onData(value) {
            const at = clockNow();
            const inbox = value as { chats: Array<{ lastMessage: { body: string } | null }> };
            for (const chat of inbox.chats.slice(0, 3)) {
              const body = chat.lastMessage?.body ?? "";
              pair.listArrivals.get(body)?.(at);
              pair.listArrivals.delete(body);
            }
          },
        },
      );
      recipientClient.live.watch.subscribe({ path: "messages.getUnreadCount", input: undefined }, {});
      pairs.push(pair);
    }
    const deadline = Date.now() + 120_000;
    while (firstResults < pairs.length) {
      if (Date.now() > deadline) throw new Error(`only ${firstResults} of ${pairs.length} threads opened`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    log(`(a) ${pairs.length} threads open live (${platform.live.size} live entries)`);

    /** Sends one message; resolves with send → thread and send → conversation list, in ms. */
    const sendOne = (pair: Pair, body: string, sentAt = clockNow()) => {
      const inThread = new Promise<number>((resolve) => pair.waiting.set(body, (at) => resolve(at - sentAt)));
      const inList = new Promise<number>((resolve) =>
        pair.listArrivals.set(body, (at) => resolve(at - sentAt)),
      );
      const answered = pair.sender.messages.sendMessage
        .mutate({ partnerId: pair.recipientId, body })
        .then(() => clockNow() - sentAt);
      return Promise.all([inThread, inList, answered]);
    };
    const timed = <T>(what: string, promise: Promise<T>) =>
      Promise.race([
        promise,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`${what}: no delivery in 10 s`)), 10_000),
        ),
      ]);

    let next = 0;
    for (let index = 0; index < 20; index++) {
      const pair = pairs[next++];
      if (pair) await timed("warm-up", sendOne(pair, `warm-up ${index}`));
    }
    const sequential = { thread: [] as number[], list: [] as number[], answer: [] as number[] };
    for (let index = 0; index < sendCount; index++) {
      const pair = pairs[next++];
      if (!pair) break;
      const [thread, list, answer] = await timed("one at a time", sendOne(pair, `one at a time ${index}`));
      sequential.thread.push(thread);
      sequential.list.push(list);
      sequential.answer.push(answer);
    }
    log(`(a) ${sequential.thread.length} messages one at a time`);
    const burstAt = clockNow();
    const burstResults = await timed(
      "burst",
      Promise.all(
        pairs.slice(next, next + burstCount).map((pair, index) => sendOne(pair, `burst ${index}`, burstAt)),
      ),
    );
    log(`(a) ${burstResults.length} messages at once`);
    return {
      conversations: pairs.length,
      liveEntries: platform.live.size,
      sequential: {
        thread: distribution(sequential.thread),
        list: distribution(sequential.list),
        answer: distribution(sequential.answer),
      },
      burst: {
        count: burstResults.length,
        thread: distribution(burstResults.map((result) => result[0])),
        list: distribution(burstResults.map((result) => result[1])),
      },
    };
  } finally {
    await Promise.all(sockets.map((socket) => socket.close().catch(() => {})));
    await app.close();
  }
}

// ---------------------------------------------------------------------------------------------
// (b) An announcement to everyone

async function timeCalls(count: number, call: (index: number) => Promise<unknown>): Promise<Distribution> {
  for (let index = 0; index < 10; index++) await call(index);
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    await call(index);
    samples.push(performance.now() - start);
  }
  return distribution(samples);
}

async function broadcast(platform: Platform) {
  log(`(b) storing ${peopleCount} people`);
  const people = await storePeople(platform, peopleCount, `everyone-${randomUUID().slice(0, 8)}`);
  const [author] = people;
  if (!author) throw new Error("no people");
  const [announcement] = await platform.deps.db
    .insert(announcements)
    .values({
      authorId: author.id,
      audience: "everyone",
      title: "The summer reading festival starts today",
      body: "Three weeks of new chapters every day.",
      link: "/explore",
    })
    .returning();
  if (!announcement) throw new Error("no announcement");
  log("(b) delivering the announcement");
  const start = performance.now();
  const { recipients } = await deliverAnnouncement(platform.deps, announcement.id);
  const deliveryMs = performance.now() - start;
  log(`(b) ${recipients} reached in ${round(deliveryMs)} ms`);
  const someone = (index: number) => asUser(people[(index * 7919) % people.length]?.id ?? author.id);
  const unreadCount = await timeCalls(200, (index) =>
    notificationsService.getUnreadCount(platform.deps, someone(index)),
  );
  const firstPage = await timeCalls(200, (index) =>
    notificationsService.listNotifications(platform.deps, someone(index), { limit: 20 }),
  );
  return { people: people.length, recipients, deliveryMs: round(deliveryMs), unreadCount, firstPage };
}

// ---------------------------------------------------------------------------------------------
// (c) Someone with 10,000 messages

/**
 * Conversations between `me` and each partner, `perConversation` messages each, a minute apart,
 * alternating who writes; the partner's newest tenth unread. Set-based, as a busy account would hold.
 */
async function storeHistory(
  platform: Platform,
  me: string,
  partners: readonly string[],
  perConversation: number,
) {
  const db = platform.deps.db;
  await befriendPairs(
    platform,
    partners.map((partner) => [me, partner] as const),
  );
  await db.execute(
    sql`insert into conversations (user_low_id, user_high_id, status)
        select least(${me}::uuid, p::uuid), greatest(${me}::uuid, p::uuid), 'active'
        from jsonb_array_elements_text(${JSON.stringify(partners)}::jsonb) p`,
  );
  await db.execute(
    sql`insert into conversation_members (conversation_id, user_id)
        select c.id, m from conversations c, unnest(array[c.user_low_id, c.user_high_id]) m
        where ${me}::uuid in (c.user_low_id, c.user_high_id)`,
  );
  await db.execute(
    sql`insert into messages (conversation_id, sender_id, recipient_id, body, created_at, read_at)
        select c.id,
               case when g % 2 = 0 then ${me}::uuid else partner end,
               case when g % 2 = 0 then partner else ${me}::uuid end,
               'Message ' || g || ' about chapter ' || (g % 40 + 1),
               now() - ((${perConversation}::int - g) * interval '1 minute') - (random() * interval '1 day'),
               case when g % 2 = 1 and g > ${perConversation}::int * 0.9 then null else now() end
        from (select c.id, case when c.user_low_id = ${me}::uuid then c.user_high_id else c.user_low_id end as partner
              from conversations c where ${me}::uuid in (c.user_low_id, c.user_high_id)) c,
             generate_series(1, ${perConversation}::int) g`,
  );
  await db.execute(
    sql`update conversations c set last_message_id = last.id, last_message_at = last.created_at
        from (select distinct on (conversation_id) conversation_id, id, created_at from messages
              order by conversation_id, created_at desc, id desc) last
        where last.conversation_id = c.id and ${me}::uuid in (c.user_low_id, c.user_high_id)`,
  );
  await db.execute(sql`analyze`);
}

async function history(platform: Platform) {
  const partnerCount = 100;
  log(
    `(c) storing ${messageCount} messages across ${partnerCount} conversations, and one of ${messageCount}`,
  );
  const [me, loner, ...partners] = (
    await storePeople(platform, partnerCount + 3, `history-${randomUUID().slice(0, 8)}`)
  ).map((row) => row.id);
  const onlyPartner = partners.pop();
  if (!me || !loner || !onlyPartner) throw new Error("no people");
  await storeHistory(platform, me, partners, Math.round(messageCount / partners.length));
  await storeHistory(platform, loner, [onlyPartner], messageCount);
  const [held] = await queryRows<{ count: number }>(
    platform.deps.db,
    sql`select count(*)::int as count from messages where ${me}::uuid in (sender_id, recipient_id)`,
  );

  const deps = platform.deps;
  const partnerOf = (index: number) => partners[index % partners.length] ?? onlyPartner;
  const conversationList = await timeCalls(200, () => messageInbox.listConversations(deps, asUser(me)));
  const unreadCount = await timeCalls(200, () => messageInbox.getUnreadCount(deps, asUser(me)));
  const threadFirstPage = await timeCalls(200, (index) =>
    messageThreads.listMessages(deps, asUser(me), { partnerId: partnerOf(index), limit: 30 }),
  );
  // Deep in one long conversation: the cursor of the page 9,000 messages back.
  let cursor: string | null = null;
  for (let page = 0; page < Math.floor((messageCount * 0.9) / 100); page++) {
    cursor = (
      await messageThreads.listMessages(deps, asUser(loner), { partnerId: onlyPartner, limit: 100, cursor })
    ).nextCursor;
  }
  const longConversationList = await timeCalls(200, () =>
    messageInbox.listConversations(deps, asUser(loner)),
  );
  const longThreadFirstPage = await timeCalls(200, () =>
    messageThreads.listMessages(deps, asUser(loner), { partnerId: onlyPartner, limit: 30 }),
  );
  const longThreadDeepPage = await timeCalls(200, () =>
    messageThreads.listMessages(deps, asUser(loner), { partnerId: onlyPartner, limit: 30, cursor }),
  );
  return {
    messagesHeld: held?.count ?? 0,
    conversations: partners.length,
    conversationList,
    unreadCount,
    threadFirstPage,
    longConversationList,
    longThreadFirstPage,
    longThreadDeepPage,
  };
}

// ---------------------------------------------------------------------------------------------

const ms = (value: number) => `${value} ms`;
const row = (cells: Array<string | number>) => `| ${cells.join(" | ")} |`;
const dist = (d: Distribution) => [ms(d.p50), ms(d.p95), ms(d.p99), ms(d.max)];

async function main(): Promise<void> {
  const results: Record<string, unknown> = {};
  const lines: string[] = [];
  const failures: string[] = [];
  const delivery: string[] = [];
  const broadcasts: string[] = [];
  const queries: string[] = [];
  /** Runs `part` on a fresh platform of `database`, closing it whatever happens. */
  const onFreshPlatform = async <T>(
    database: string,
    env: Record<string, string>,
    part: (p: Platform) => Promise<T>,
  ) => {
    const bench = await openBenchPlatform(database, env);
    try {
      return await part(bench.platform);
    } finally {
      await bench.close();
    }
  };
  for (const database of databases) {
    if (parts.has("a")) {
      const a = await onFreshPlatform(
        database,
        { MAX_SOCKETS_PER_IP: "100000", MAX_SOCKETS: "100000" },
        liveDelivery,
      );
      results[`${database}.delivery`] = a;
      delivery.push(
        row([
          database,
          a.conversations,
          "one at a time",
          ...dist(a.sequential.thread),
          ms(a.sequential.list.p99),
          ms(a.sequential.answer.p99),
        ]),
        row([
          database,
          a.conversations,
          `${a.burst.count} at once`,
          ...dist(a.burst.thread),
          ms(a.burst.list.p99),
          "–",
        ]),
      );
      if (a.sequential.thread.p99 > 100) {
        failures.push(`${database}: send → thread p99 ${a.sequential.thread.p99} ms > 100 ms`);
      }
    }
    if (parts.has("b")) {
      const b = await onFreshPlatform(database, {}, broadcast);
      results[`${database}.broadcast`] = b;
      broadcasts.push(
        row([
          database,
          b.recipients,
          ms(b.deliveryMs),
          ms(b.unreadCount.p50),
          ms(b.unreadCount.p99),
          ms(b.firstPage.p50),
          ms(b.firstPage.p99),
        ]),
      );
      if (database === "pglite" && b.deliveryMs > 10_000)
        failures.push(`pglite: broadcast ${b.deliveryMs} ms > 10 s`);
    }
    if (parts.has("c")) {
      const c = await onFreshPlatform(database, {}, history);
      results[`${database}.history`] = c;
      const named: Array<[string, Distribution]> = [
        [
          `Conversation list (${c.conversations} conversations, ${c.messagesHeld} messages)`,
          c.conversationList,
        ],
        ["Unread messages (the badge)", c.unreadCount],
        ["Thread, newest 30", c.threadFirstPage],
        [`Conversation list (1 conversation of ${messageCount} messages)`, c.longConversationList],
        [`Thread of ${messageCount} messages, newest 30`, c.longThreadFirstPage],
        [`Thread of ${messageCount} messages, 30 from 90% back`, c.longThreadDeepPage],
      ];
      for (const [what, d] of named) {
        queries.push(row([database, what, ...dist(d)]));
        if (d.p99 > 20) failures.push(`${database}: ${what} p99 ${d.p99} ms > 20 ms`);
      }
    }
  }
  lines.push(
    "### (a) Send → the recipient's open thread",
    "",
    row([
      "Database",
      "Open conversations",
      "Sent",
      "Thread p50",
      "p95",
      "p99",
      "max",
      "Conversation list p99",
      "Sender's answer p99",
    ]),
    row(Array(9).fill("---")),
    ...delivery,
    "",
    "### (b) An announcement to everyone",
    "",
    row(["Database", "Reached", "Delivery", "Unread count p50", "p99", "First page p50", "p99"]),
    row(Array(7).fill("---")),
    ...broadcasts,
    "",
    "### (c) Someone with many messages",
    "",
    row(["Database", "Query", "p50", "p95", "p99", "max"]),
    row(Array(6).fill("---")),
    ...queries,
    "",
    failures.length > 0
      ? `Missed targets:\n${failures.map((line) => `- ${line}`).join("\n")}`
      : "Every target met.",
  );
  console.log(lines.join("\n"));
  const folder = fileURLToPath(new URL("./results/", import.meta.url));
  await mkdir(folder, { recursive: true });
  await writeFile(
    `${folder}people.json`,
    `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`,
  );
  log("done");
  process.exitCode = failures.length > 0 ? 1 : 0;
}

await main();
