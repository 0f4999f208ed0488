// Names and titles people see, through the real server over HTTP as the app calls it: invisible
// and direction-changing characters are refused with the field's own sentence, and a refused
// input's answer is that sentence, never zod's list of issues.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { signedInAs } from "../test/tokens.ts";

let platform: TestPlatform;
let server: TestServer;
beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
});
// No reset between tests: it would replace the sign-in keys the server verifies tokens with. Each
// test signs in people of its own.

interface Answer {
  status: number;
  message: string;
  fieldErrors: Record<string, string[]> | undefined;
}

/** Calls a mutation over HTTP with the caller's token, as the web app's HTTP link does. */
async function mutate(token: string, path: string, input: unknown): Promise<Answer> {
  const response = await fetch(`${server.url}/api/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as {
    error?: { message: string; data?: { fieldErrors?: Record<string, string[]> } };
  };
  return {
    status: response.status,
    message: body.error?.message ?? "",
    fieldErrors: body.error?.data?.fieldErrors,
  };
}

/** A message fit to show a person: one sentence, nothing of zod's or of a pattern. */
function expectPlainSentence(message: string) {
  expect(message).not.toMatch(/[[\]{}]/);
  expect(message).not.toMatch(/pattern|regex|invalid_|too_big|too_small|expected|received/i);
  expect(() => JSON.parse(message)).toThrow();
}

const RLO = "\u202E";
const ZWSP = "\u200B";

describe("names and titles with invisible or direction-changing characters", () => {
  const cases: Array<{
    field: string;
    role: "user" | "admin";
    path: string;
    input: unknown;
    message: string;
  }> = [
    {
      field: "display name",
      role: "user",
      path: "profiles.updateProfile",
      input: { displayName: `Admin${RLO} nimdA` },
      message: "A display name cannot contain invisible or direction-changing characters",
    },
    {
      field: "handle",
      role: "user",
      path: "profiles.updateProfile",
      input: { handle: `ad${ZWSP}min` },
      message: "A handle cannot contain invisible or direction-changing characters",
    },
    {
      field: "club name",
      role: "user",
      path: "clubs.createClub",
      input: { name: `Night${RLO} Readers` },
      message: "A club's name cannot contain invisible or direction-changing characters",
    },
    {
      field: "story title",
      role: "admin",
      path: "stories.createStory",
      input: { title: `The\u2066 Door` },
      message: "A title cannot contain invisible or direction-changing characters",
    },
    {
      field: "reel caption",
      role: "user",
      path: "reels.updateReel",
      input: { id: randomUUID(), data: { caption: `Watch${ZWSP} this` } },
      message: "A caption cannot contain invisible or direction-changing characters",
    },
    {
      field: "ticket subject",
      role: "user",
      path: "support.createTicket",
      input: { category: "other", subject: `Refund${RLO} please`, description: "My coins did not arrive." },
      message: "A subject cannot contain invisible or direction-changing characters",
    },
  ];

  for (const { field, role, path, input, message } of cases) {
    it(`refuses a ${field} with its own sentence`, async () => {
      const { token } = await signedInAs(platform, role);
      const answer = await mutate(token, path, input);
      expect(answer.status).toBe(400);
      expect(answer.message).toBe(message);
      expect(Object.values(answer.fieldErrors ?? {}).flat()).toContain(message);
    });
  }

  it("takes the same names without them, emoji and all", async () => {
    const { token } = await signedInAs(platform, "user");
    expect((await mutate(token, "profiles.updateProfile", { displayName: "Ada 👩‍💻 ❤️" })).status).toBe(200);
    expect((await mutate(token, "clubs.createClub", { name: "Night Readers 🏳️‍🌈" })).status).toBe(200);
  });
});

describe("a refused input's answer", () => {
  it("is the field's own sentence for a length, a pattern or a missing value", async () => {
    const { token } = await signedInAs(platform, "user");
    const tooLong = await mutate(token, "support.createTicket", {
      category: "other",
      subject: "x".repeat(151),
      description: "My coins did not arrive.",
    });
    expect(tooLong).toMatchObject({ status: 400, message: "A subject is at most 150 characters" });

    const pattern = await mutate(token, "profiles.updateProfile", { handle: "night-owl" });
    expect(pattern).toMatchObject({
      status: 400,
      message: "Use only letters a to z, digits and underscores",
    });

    const tooLongName = await mutate(token, "profiles.updateProfile", { displayName: "n".repeat(61) });
    expect(tooLongName).toMatchObject({ status: 400, message: "A display name is at most 60 characters" });

    for (const answer of [tooLong, pattern, tooLongName]) expectPlainSentence(answer.message);
  });

  it("is a plain sentence even where a schema gives none of its own", async () => {
    const { token } = await signedInAs(platform, "user");
    const answers = [
      // A field the function does not take, a missing id, a number where text belongs.
      await mutate(token, "profiles.updateProfile", { nickname: "x" }),
      await mutate(token, "messages.sendMessage", { body: "hello" }),
      await mutate(token, "profiles.updateProfile", { bio: 5 }),
      await mutate(token, "notifications.setNotificationPreference", { kind: "nope" }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.message.length).toBeGreaterThan(0);
      expectPlainSentence(answer.message);
    }
  });
});
