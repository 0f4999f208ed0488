// Friends through the real router: requests and their answers, blocks, search and suggestions.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle } from "../../test/catalogue.ts";
import { befriend } from "../../test/people.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { listFriendRequests } from "./friends.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user).friends;

const titlesOf = async (user: TestUser) =>
  (await callerFor(platform, user).notifications.listNotifications({ limit: 20 })).items.map(
    (item) => item.title,
  );

describe("requests", () => {
  it("go from requested to friends, with a notification each way", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    expect(await as(ada).sendFriendRequest({ userId: ben.id })).toBe("requested");
    // Asking again changes nothing.
    expect(await as(ada).sendFriendRequest({ userId: ben.id })).toBe("requested");
    expect(await titlesOf(ben)).toEqual([expect.stringMatching(/sent you a friend request$/)]);
    const requests = await as(ben).listFriendRequests();
    expect(requests.incoming.map((item) => item.person._id)).toEqual([ada.id]);
    expect((await as(ada).listFriendRequests()).outgoing.map((item) => item.person._id)).toEqual([ben.id]);

    expect(await as(ben).acceptFriendRequest({ userId: ada.id })).toBe("friends");
    expect((await as(ada).listFriends()).map((person) => person._id)).toEqual([ben.id]);
    expect(await titlesOf(ada)).toEqual([expect.stringMatching(/accepted your friend request$/)]);
    expect(await codeOf(as(ben).acceptFriendRequest({ userId: ada.id }))).toBe("NOT_FOUND");
  });

  it("asked both ways becomes a friendship at once", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await as(ada).sendFriendRequest({ userId: ben.id });
    expect(await as(ben).sendFriendRequest({ userId: ada.id })).toBe("friends");
  });

  it("can be declined, cancelled, and friendships ended, each by the right person only", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const cleo = await createUser(platform);
    await as(ada).sendFriendRequest({ userId: ben.id });
    // Only the addressee declines; only the requester cancels.
    expect(await codeOf(as(ada).declineFriendRequest({ userId: ben.id }))).toBe("NOT_FOUND");
    expect(await codeOf(as(cleo).cancelFriendRequest({ userId: ben.id }))).toBe("NOT_FOUND");
    expect(await as(ben).declineFriendRequest({ userId: ada.id })).toBe("none");
    await as(ada).sendFriendRequest({ userId: ben.id });
    expect(await as(ada).cancelFriendRequest({ userId: ben.id })).toBe("none");
    await befriend(platform, ada, ben);
    expect(await codeOf(as(cleo).unfriend({ userId: ada.id }))).toBe("NOT_FOUND");
    expect(await as(ben).unfriend({ userId: ada.id })).toBe("none");
    expect(await as(ada).listFriends()).toEqual([]);
    expect(await codeOf(as(ada).sendFriendRequest({ userId: ada.id }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(ada).sendFriendRequest({ userId: crypto.randomUUID() }))).toBe("NOT_FOUND");
  });

  it("show up live for the person asked", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const live = watchLiveRuns(platform, () => listFriendRequests(platform.deps, ben));
    try {
      await live.waitForRuns(1);
      expect(live.latest?.incoming).toEqual([]);
      await as(ada).sendFriendRequest({ userId: ben.id });
      await live.waitForRuns(2);
      expect(live.latest?.incoming.map((item) => item.person._id)).toEqual([ada.id]);
    } finally {
      live.stop();
    }
  });
});

describe("blocks", () => {
  it("end a friendship, refuse requests both ways, and hide each from the other", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    await befriend(platform, ada, ben);
    expect(await as(ben).blockUser({ userId: ada.id })).toBe("blocked");
    expect(await as(ada).listFriends()).toEqual([]);
    expect(await codeOf(as(ada).sendFriendRequest({ userId: ben.id }))).toBe("FORBIDDEN");
    expect(await codeOf(as(ben).sendFriendRequest({ userId: ada.id }))).toBe("FORBIDDEN");
    expect((await as(ben).listBlocked()).map((person) => person._id)).toEqual([ada.id]);
    // Neither finds the other.
    const adaName = (await callerFor(platform, ada).profiles.getMyProfile()).person.name;
    const benName = (await callerFor(platform, ben).profiles.getMyProfile()).person.name;
    expect(await as(ben).searchPeople({ query: adaName })).toEqual([]);
    expect(await as(ada).searchPeople({ query: benName })).toEqual([]);
    // The blocked person cannot see the profile; the blocker sees only who it is.
    expect(await codeOf(callerFor(platform, ada).profiles.getProfile({ userId: ben.id }))).toBe("NOT_FOUND");
    expect(await callerFor(platform, ben).profiles.getProfile({ userId: ada.id })).toMatchObject({
      friendState: "blocked",
      details: null,
      activity: null,
      library: null,
    });
    expect(await as(ben).unblockUser({ userId: ada.id })).toBe("none");
    expect(await as(ada).sendFriendRequest({ userId: ben.id })).toBe("requested");
  });
});

describe("finding people", () => {
  it("by handle or name, with where each stands", async () => {
    const me = await createUser(platform);
    const owl = await createUser(platform);
    await callerFor(platform, owl).profiles.updateProfile({ handle: "night_owl", displayName: "Olive Wren" });
    await as(me).sendFriendRequest({ userId: owl.id });
    for (const query of ["night", "@NIGHT_OWL", "wren", "olive w"]) {
      expect(await as(me).searchPeople({ query }), query).toMatchObject([
        { person: { _id: owl.id, handle: "night_owl", name: "Olive Wren" }, friendState: "requested" },
      ]);
    }
    // Wildcards are searched for as characters.
    expect(await as(me).searchPeople({ query: "%" })).toEqual([]);
    expect(await codeOf(as(me).searchPeople({ query: " " }))).toBe("BAD_REQUEST");
  });

  it("suggests people with the most ties first, the most specific first among equals, each with its reason", async () => {
    const me = await createUser(platform);
    const reader = await createUser(platform);
    const listener = await createUser(platform);
    const follower = await createUser(platform);
    const clubmate = await createUser(platform);
    const friend = await createUser(platform);
    const friendOfFriend = await createUser(platform);
    const friendAndReader = await createUser(platform);
    const stranger = await createUser(platform);
    const blocked = await createUser(platform);
    const read = async (user: TestUser, episodeId: string) =>
      callerFor(platform, user).library.recordProgress({ episodeId, fraction: 0.2 });

    // Moby-Dick: read by five, the caller among them. The Salt Map: listened to by two.
    const moby = await createTitle(platform, { title: "Moby-Dick" });
    const [chapter] = await addChapters(platform, moby.id, 1);
    for (const user of [me, reader, friendAndReader, blocked, stranger]) await read(user, chapter?.id ?? "");
    const saltMap = await createTitle(platform, { title: "The Salt Map", contentType: "audiobook" });
    const [part] = await addChapters(platform, saltMap.id, 1);
    for (const user of [me, listener]) await read(user, part?.id ?? "");
    // The Waste Land: followed by the caller and three others.
    const wasteLand = await createTitle(platform, { title: "The Waste Land" });
    for (const user of [me, follower, stranger, blocked]) {
      await callerFor(platform, user).library.followContent({ contentId: wasteLand.id });
    }
    // A club of three.
    const { clubId } = await callerFor(platform, me).clubs.createClub({
      name: "Night Readers",
      privacy: "public",
    });
    await callerFor(platform, clubmate).clubs.joinClub({ clubId });
    await callerFor(platform, friend).clubs.joinClub({ clubId });
    await befriend(platform, me, friend);
    for (const user of [friendOfFriend, friendAndReader]) await befriend(platform, friend, user);
    await as(me).blockUser({ userId: blocked.id });
    // Whose library shows only to friends (the default) or whose reading shows to nobody, does
    // not give it away to strangers.
    await callerFor(platform, follower).profiles.updateProfile({ libraryVisibility: "public" });
    await callerFor(platform, stranger).profiles.updateProfile({ activityVisibility: "private" });

    const suggestions = await as(me).getFriendSuggestions();
    expect(suggestions.map((item) => [item.person._id, item.reason])).toEqual([
      // Two ties.
      [friendAndReader.id, "Both reading Moby-Dick · 1 friend in common"],
      // One each: the smallest club or audience first, friends of friends alone last.
      [listener.id, "Both listening to The Salt Map"],
      [clubmate.id, "Both in Night Readers"],
      [follower.id, "Both into The Waste Land"],
      [reader.id, "Both reading Moby-Dick"],
      [friendOfFriend.id, "1 friend in common"],
    ]);
    expect(suggestions[0]).toMatchObject({ sharedTitles: 1, mutualFriends: 1 });
    // Asked or asking: no longer a suggestion.
    await as(me).sendFriendRequest({ userId: reader.id });
    expect((await as(me).getFriendSuggestions()).map((item) => item.person._id)).not.toContain(reader.id);
  });
});
