import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { storedReel } from "../../test/reels.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { auditEvents } from "../audit/schema.ts";
import { clubMembers } from "../clubs/schema.ts";
import { messages } from "../messages/schema.ts";
import { users } from "../users/schema.ts";
import { NO_SUCH_PERSONA } from "./persona-access.ts";
import { NOT_A_PERSONA_CLUB } from "./persona-voice.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const as = (user: TestUser | null) => callerFor(platform, user);

const GUIDE = {
  name: "Wren the Guide",
  handle: "wren_guide",
  bio: "Here to help you find a book.",
  favouriteGenres: ["Fantasy"],
};

async function team() {
  const admin = await createUser(platform, "admin");
  const reader = await createUser(platform, "user");
  const persona = await as(admin).personas.createPersona(GUIDE);
  return { admin, reader, personaId: persona.person._id };
}

describe("the team's personas", () => {
  it("are made with a profile that says the team runs them, and nobody can sign in as them", async () => {
    const { admin, reader, personaId } = await team();
    const [row] = await platform.deps.db.select().from(users).where(eq(users.id, personaId));
    expect(row?.issuer).toBe("litverse:team-persona");
    const list = await as(admin).personas.listPersonas();
    expect(
      list.map((each) => [each.person.name, each.person.handle, each.person.runByTeam, each.bio]),
    ).toEqual([["Wren the Guide", "wren_guide", true, GUIDE.bio]]);
    const profile = await as(reader).profiles.getProfile({ userId: personaId });
    expect(profile.person.runByTeam).toBe(true);
    const readerProfile = await as(admin).profiles.getProfile({ userId: reader.id });
    expect(readerProfile.person.runByTeam).toBe(false);
  });

  it("refuse a handle that is taken or bad input, and make nothing", async () => {
    const { admin } = await team();
    expect(await refusalOf(as(admin).personas.createPersona(GUIDE))).toMatchObject({ code: "CONFLICT" });
    expect(
      await refusalOf(as(admin).personas.createPersona({ ...GUIDE, handle: "other_one", name: "  " })),
    ).toMatchObject({ code: "BAD_REQUEST" });
    expect(await as(admin).personas.listPersonas()).toHaveLength(1);
  });

  it("are edited with the change before and after in the audit trail", async () => {
    const { admin, personaId } = await team();
    await as(admin).personas.updatePersona({ personaId, bio: "Ask me anything about sea stories." });
    const [event] = await platform.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "personas.updatePersona"));
    expect(event?.actorId).toBe(admin.id);
    expect(event?.changes).toEqual([
      expect.objectContaining({
        objectType: "persona",
        objectId: personaId,
        before: expect.objectContaining({ bio: GUIDE.bio }),
        after: expect.objectContaining({ bio: "Ask me anything about sea stories." }),
      }),
    ]);
  });

  it("cannot be used to act as a reader", async () => {
    const { admin, reader } = await team();
    // One call at a time: calls started together would reject before they are awaited.
    for (const call of [
      () => as(admin).personas.getPersonaInbox({ personaId: reader.id }),
      () => as(admin).personas.sendPersonaMessage({ personaId: reader.id, partnerId: admin.id, body: "hi" }),
      () => as(admin).personas.updatePersona({ personaId: reader.id, bio: "taken over" }),
    ]) {
      expect(await refusalOf(call())).toEqual({ code: "NOT_FOUND", message: NO_SUCH_PERSONA });
    }
    expect(await platform.deps.db.select().from(messages)).toEqual([]);
  });

  it("are refused to readers and to admins without the support permission", async () => {
    const { admin, reader, personaId } = await team();
    const boss = await createUser(platform, "superadmin");
    expect(await refusalOf(as(reader).personas.listPersonas())).toMatchObject({ code: "FORBIDDEN" });
    await as(boss).permissions.setAdminPermissions({
      userId: admin.id,
      templateId: null,
      overrides: { support: "view" },
    });
    expect(await as(admin).personas.getPersonaInbox({ personaId })).toMatchObject({ chats: [] });
    expect(
      await refusalOf(as(admin).personas.sendPersonaMessage({ personaId, partnerId: reader.id, body: "hi" })),
    ).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("a persona's messages", () => {
  it("reach the team live, are answered as the persona, and name who answered", async () => {
    const { admin, reader, personaId } = await team();
    const watch = watchLiveRuns(platform, () => as(admin).personas.getPersonaInbox({ personaId }));
    await watch.waitForRuns(1);

    await as(reader).messages.sendMessage({ partnerId: personaId, body: "Can you recommend a sea story?" });
    await watch.waitForRuns(2);
    const inbox = watch.latest;
    // Written to a persona, a conversation is open at once: no request to accept.
    expect(inbox?.requests).toEqual([]);
    expect(inbox?.chats.map((chat) => [chat.partner._id, chat.unreadCount])).toEqual([[reader.id, 1]]);
    watch.stop();
    expect((await as(admin).personas.listPersonas())[0]).toMatchObject({
      conversationCount: 1,
      unreadCount: 1,
    });

    await as(admin).personas.markPersonaConversationRead({ personaId, partnerId: reader.id });
    expect((await as(admin).personas.listPersonas())[0]?.unreadCount).toBe(0);

    const sent = await as(admin).personas.sendPersonaMessage({
      personaId,
      partnerId: reader.id,
      body: "Try Moby-Dick, chapter one is free.",
    });
    expect(sent.answeredBy?._id).toBe(admin.id);
    const page = await as(admin).personas.listPersonaMessages({ personaId, partnerId: reader.id, limit: 20 });
    expect(page.items.map((message) => [message.fromMe, message.answeredBy?._id ?? null])).toEqual([
      [true, admin.id],
      [false, null],
    ]);

    // The reader sees the persona, labelled, and its answer as any message.
    const conversation = await as(reader).messages.getConversation({ partnerId: personaId });
    expect(conversation.partner.runByTeam).toBe(true);
    const theirs = await as(reader).messages.listMessages({ partnerId: personaId, limit: 20 });
    expect(theirs.items[0]).toMatchObject({ body: "Try Moby-Dick, chapter one is free.", fromMe: false });

    const [event] = await platform.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "personas.sendPersonaMessage"));
    expect(event).toMatchObject({ actorId: admin.id, objectType: "message", objectId: sent._id });
  });

  it("from a persona to a reader start as a request the reader decides on", async () => {
    const { admin, reader, personaId } = await team();
    await as(admin).personas.sendPersonaMessage({ personaId, partnerId: reader.id, body: "Welcome!" });
    const inbox = await as(reader).messages.listConversations();
    expect(inbox.requests.map((request) => request.partner.runByTeam)).toEqual([true]);
  });
});

describe("a persona in the community", () => {
  it("posts in a public club (joining it) but not in a private one it is not in", async () => {
    const { admin, reader, personaId } = await team();
    const { clubId } = await as(reader).clubs.createClub({ name: "Sea Stories", privacy: "public" });
    const { clubId: privateId } = await as(reader).clubs.createClub({
      name: "Inner Room",
      privacy: "private",
    });

    const clubs = await as(admin).personas.listPersonaClubs({ personaId });
    expect(clubs.map((club) => club.name)).toEqual(["Sea Stories"]);

    const { postId } = await as(admin).personas.postAsPersona({
      personaId,
      clubId,
      body: "Welcome, sailors!",
    });
    const posts = await as(reader).clubs.listClubPosts({ clubId, milestoneId: null });
    const post = posts.items.find((item) => item._id === postId);
    expect(post?.author?.runByTeam).toBe(true);

    expect(
      await refusalOf(as(admin).personas.postAsPersona({ personaId, clubId: privateId, body: "Let me in" })),
    ).toEqual({ code: "CONFLICT", message: NOT_A_PERSONA_CLUB });
    const memberships = await platform.deps.db
      .select()
      .from(clubMembers)
      .where(eq(clubMembers.userId, personaId));
    expect(memberships.map((row) => row.clubId)).toEqual([clubId]);
  });

  it("comments on a reel, labelled", async () => {
    const { admin, reader, personaId } = await team();
    const reel = await storedReel(platform, reader);
    await as(admin).personas.commentAsPersona({ personaId, reelId: reel.id, text: "Lovely shot!" });
    const comments = await as(reader).reels.listComments({ reelId: reel.id });
    expect(comments.items.map((comment) => [comment.text, comment.author.runByTeam])).toEqual([
      ["Lovely shot!", true],
    ]);
  });
});
