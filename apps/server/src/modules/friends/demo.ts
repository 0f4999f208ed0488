// The demo's people: friendships among the demo reader, the demo admin and the personas, a few
// conversations, a friend request and a message request waiting for the reader, and profiles. Made
// through the services themselves, so that what a newcomer sees (notifications included) is what
// the platform really does. One scenario, kept here with the friendships it is built on: the
// messages are between friends (or, for the waiting request, not), the notices marked read are
// those the friendships and messages made before the admin's unread welcome, and one check (the
// reader has friends already) keeps every part of it from being made twice.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { sendMessage, viewConversation } from "../messages/index.ts";
import { markNotificationsRead } from "../notifications/index.ts";
import { notifications } from "../notifications/schema.ts";
import { ensureProfileRow } from "../profiles/index.ts";
import { friendships, profiles } from "../profiles/schema.ts";
import { users } from "../users/schema.ts";
import { acceptFriendRequest, sendFriendRequest } from "./friends.service.ts";

const asUser = (id: string): SessionUser => ({ id, role: "user" });

/** What the demo admin wrote to the reader, unread. */
export const DEMO_ADMIN_MESSAGES = [
  "Welcome to Litverse! Your shelves are ready: Trending Now is a good place to start.",
  "We put 40 bonus coins in your wallet. They expire after 30 days, so treat yourself to a premium chapter soon.",
  "The Moby-Dick audiobook has its first three chapters narrated: tell me what you think of the narration!",
];

/** A conversation the reader had with a friend yesterday, read. */
const DEMO_CHAT: Array<[from: "friend" | "reader", text: string]> = [
  ["friend", "Have you started Moby-Dick yet?"],
  ["reader", "Three chapters in. The Spouter-Inn is quite a place to spend a night."],
  ["friend", "Wait until the sermon in chapter 9. And bookmark the chapter on the whiteness of the whale."],
  ["reader", "Bookmarked. I'll tell you when I get there!"],
];

const DEMO_PROFILES: Array<{ handle: string; bio: string; genres: string[] }> = [
  {
    handle: "demo_reader",
    bio: "Reading my way through long novels, one chapter a night.",
    genres: ["Classics", "Adventure"],
  },
  {
    handle: "ada_moreau",
    bio: "Sea stories, big books and bigger sentences.",
    genres: ["Classics", "Adventure"],
  },
  { handle: "bea_santos", bio: "Poetry on the bus, comics at the weekend.", genres: ["Poetry", "Comics"] },
  { handle: "eli_lindqvist", bio: "Audiobooks while I walk the dog.", genres: ["Mystery", "Horror"] },
];

async function idsByHandle(deps: ServiceDeps, handles: string[]): Promise<Map<string, string>> {
  const rows = await deps.db
    .select({ id: users.id, handle: users.handle })
    .from(users)
    .where(inArray(users.handle, handles));
  return new Map(rows.flatMap((row) => (row.handle ? [[row.handle, row.id] as const] : [])));
}

async function befriend(deps: ServiceDeps, a: string, b: string): Promise<void> {
  await sendFriendRequest(deps, asUser(a), b);
  await acceptFriendRequest(deps, asUser(b), a);
}

/**
 * Adds the demo community unless the reader has friends already. Returns how many friendships,
 * requests and messages it made.
 */
export async function seedDemoCommunity(deps: ServiceDeps): Promise<number> {
  const { db } = deps;
  const ids = await idsByHandle(deps, [
    "demo_reader",
    "demo_admin",
    "ada_moreau",
    "bea_santos",
    "cyrus_farahani",
    "dina_haddad",
    "eli_lindqvist",
    "farah_rahman",
    "gus_herrera",
    "hana_tanaka",
    "ivo_novak",
    "mateo_rossi",
    "chloe_dubois",
  ]);
  const reader = ids.get("demo_reader");
  const admin = ids.get("demo_admin");
  if (!reader || !admin) return 0;
  const existing = await db
    .select({ id: friendships.id })
    .from(friendships)
    .where(sql`${friendships.requesterId} = ${reader} or ${friendships.addresseeId} = ${reader}`)
    .limit(1);
  if (existing.length > 0) return 0;

  let added = 0;
  await befriend(deps, admin, reader);
  added++;
  const persona = (handle: string) => {
    const id = ids.get(handle);
    // Without the demo catalogue there are no personas: only the accounts' part is made.
    return id && ids.size > 2 ? id : null;
  };

  // Friends, and friends of friends for the suggestions.
  for (const handle of ["ada_moreau", "bea_santos", "cyrus_farahani", "dina_haddad"]) {
    const id = persona(handle);
    if (id) {
      await befriend(deps, reader, id);
      added++;
    }
  }
  // Friends pick friends of their own taste (the personas of the library's demo): Ada, who likes
  // sea stories, has Mateo, who listens to adventures; Bea, who reads poems on the bus, has Chloé,
  // who does too.
  for (const [a, b] of [
    ["ada_moreau", "gus_herrera"],
    ["bea_santos", "gus_herrera"],
    ["cyrus_farahani", "hana_tanaka"],
    ["ada_moreau", "mateo_rossi"],
    ["bea_santos", "chloe_dubois"],
  ] as const) {
    const first = persona(a);
    const second = persona(b);
    if (first && second) {
      await befriend(deps, first, second);
      added++;
    }
  }

  // A conversation with a friend, yesterday, all read.
  const ada = persona("ada_moreau");
  if (ada) {
    for (const [from, text] of DEMO_CHAT) {
      const [sender, recipient] = from === "friend" ? [ada, reader] : [reader, ada];
      await sendMessage(deps, asUser(sender), { partnerId: recipient, body: text });
      added++;
    }
    for (const [who, partner] of [
      [reader, ada],
      [ada, reader],
    ] as const) {
      await viewConversation(deps, asUser(who), partner, true);
      await viewConversation(deps, asUser(who), partner, false);
    }
    await db.execute(sql`
      update messages m set created_at = now() - interval '1 day' + (
        select count(*) from messages o where o.conversation_id = m.conversation_id and o.created_at < m.created_at
      ) * interval '4 minutes'
      where m.conversation_id = (select conversation_id from messages where sender_id = ${ada} limit 1)`);
    await db.execute(sql`
      update conversations c set last_message_at = (select max(created_at) from messages where conversation_id = c.id)
      where c.id = (select conversation_id from messages where sender_id = ${ada} limit 1)`);
    await db.execute(sql`update messages set read_at = created_at + interval '1 minute'
      where read_at is not null and (sender_id = ${ada} or recipient_id = ${ada})`);
  }
  // All of that is the past: the reader has seen its notices (the requests answered, Ada's messages).
  const seen = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, reader),
        inArray(notifications.kind, ["friend_request", "friend_accepted", "message"]),
      ),
    );
  await markNotificationsRead(
    deps,
    reader,
    seen.map((row) => row.id),
  );

  // The admin's welcome, unread.
  for (const text of DEMO_ADMIN_MESSAGES) {
    await sendMessage(deps, asUser(admin), { partnerId: reader, body: text });
    added++;
  }

  // Waiting for the reader: a friend request, and a message from someone who is not a friend.
  const eli = persona("eli_lindqvist");
  if (eli) {
    await sendFriendRequest(deps, asUser(eli), reader);
    added++;
  }
  const farah = persona("farah_rahman");
  if (farah) {
    await sendFriendRequest(deps, asUser(reader), farah);
    added++;
  }
  const ivo = persona("ivo_novak");
  if (ivo) {
    await sendMessage(deps, asUser(ivo), {
      partnerId: reader,
      body: "Hi! I am new here and looking for people to swap reading tips with. Interested?",
    });
    added++;
  }

  for (const profile of DEMO_PROFILES) {
    const id = ids.get(profile.handle);
    if (!id) continue;
    await ensureProfileRow(db, id);
    await db
      .update(profiles)
      .set({ bio: profile.bio, favouriteGenres: profile.genres })
      .where(eq(profiles.userId, id));
  }
  return added;
}
