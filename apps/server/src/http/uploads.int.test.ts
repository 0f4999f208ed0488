// POST /api/uploads: who may send files, what is kept, and the limits.
import { readdir, readFile } from "node:fs/promises";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedKeySet } from "../auth/embedded-keys.ts";
import { createTokenVerifier } from "../auth/token-verifier.ts";
import { callLimitsFor } from "../core/limits/call-limits.ts";
import { openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { accessToken, signedInAs } from "../test/tokens.ts";
import { registerUploads, UPLOAD_PATH } from "./uploads.ts";

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

function form(files: Array<[name: string, content: string]>): FormData {
  const data = new FormData();
  for (const [name, content] of files) data.append("file", new Blob([content]), name);
  return data;
}

async function post(url: string, token: string | null, body: FormData | string) {
  const response = await fetch(`${url}${UPLOAD_PATH}`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /api/uploads", () => {
  it("keeps an admin's files under their names, for that admin's functions", async () => {
    const admin = await signedInAs(platform, "admin");
    const sent = await post(
      server.url,
      admin.token,
      form([
        ["chapter one.epub", "first"],
        ["../../etc/passwd", "second"],
      ]),
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      uploadId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      files: [
        { name: "chapter one.epub", size: 5 },
        { name: "passwd", size: 6 },
      ],
    });
    const stored = await platform.deps.media.uploads.open(sent.body.uploadId as string, admin.id);
    expect(await readFile(stored.files[1]?.path ?? "", "utf8")).toBe("second");
    expect(stored.files[1]?.path).toContain(".uploads");
  });

  it("refuses anonymous callers, forged tokens, and requests without files", async () => {
    expect((await post(server.url, null, form([["a.epub", "x"]]))).status).toBe(401);
    const forged = await accessToken(platform, { subject: "nobody", forged: true });
    expect((await post(server.url, forged, form([["a.epub", "x"]]))).status).toBe(401);
    const admin = await signedInAs(platform, "admin");
    expect((await post(server.url, admin.token, "not multipart")).status).toBe(415);
    expect((await post(server.url, admin.token, new FormData())).status).toBe(400);
  });

  it("takes one picture of at most 10 MiB from someone who is not an administrator", async () => {
    const reader = await signedInAs(platform, "user");
    const one = await post(server.url, reader.token, form([["me.jpg", "pixels"]]));
    expect(one.status).toBe(200);
    expect((await platform.deps.media.uploads.open(one.body.uploadId as string, reader.id)).ownerId).toBe(
      reader.id,
    );
    const two = await post(
      server.url,
      reader.token,
      form([
        ["a.jpg", "1"],
        ["b.jpg", "2"],
      ]),
    );
    expect(two.status).toBe(413);
    expect(two.body.message).toBe("Send one picture at a time.");
    const large = await post(server.url, reader.token, form([["big.jpg", "x".repeat(10 * 1024 ** 2 + 1)]]));
    expect(large.status).toBe(413);
    expect(large.body.message).toBe("That picture is too large: at most 10 MB.");
  });

  it("refuses files over the limits and keeps nothing of them", async () => {
    const app = Fastify();
    const verifier = createTokenVerifier(platform.config.auth, embeddedKeySet(platform.deps.db));
    const rates = callLimitsFor(platform.config.limits, platform.deps.limiters).rates;
    await registerUploads(app, platform, verifier, rates, { fileBytes: 100, totalBytes: 150, files: 2 });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    try {
      const admin = await signedInAs(platform, "admin");
      const kept = async () => (await readdir(platform.deps.media.uploads.root).catch(() => [])).length;
      const before = await kept();
      const tooBig = await post(url, admin.token, form([["big.cbz", "x".repeat(101)]]));
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toMatch(/at most 100 bytes each and 150 bytes together/);
      expect(
        (
          await post(
            url,
            admin.token,
            form([
              ["a", "x".repeat(90)],
              ["b", "y".repeat(90)],
            ]),
          )
        ).status,
      ).toBe(413);
      expect(
        (
          await post(
            url,
            admin.token,
            form([
              ["a", "1"],
              ["b", "2"],
              ["c", "3"],
            ]),
          )
        ).status,
      ).toBe(413);
      expect(await kept()).toBe(before);
      expect(
        (
          await post(
            url,
            admin.token,
            form([
              ["a", "1"],
              ["b", "2"],
            ]),
          )
        ).status,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });
});
