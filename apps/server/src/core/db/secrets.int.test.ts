import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaUrlSigner } from "../../media/url-signing.ts";
import { openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { serverSecrets } from "./schema.ts";
import { loadOrCreateSecret, MEDIA_URL_SIGNING_SECRET } from "./secrets.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());

describe("server secrets", () => {
  it("makes 32 random bytes once and returns the same ones after", async () => {
    const first = await loadOrCreateSecret(platform.deps.db, "test-once");
    expect(first).toHaveLength(32);
    expect(await loadOrCreateSecret(platform.deps.db, "test-once")).toEqual(first);
    const [row] = await platform.deps.db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, "test-once"));
    expect(row?.value).toBe(first.toString("base64url"));
    expect(await loadOrCreateSecret(platform.deps.db, "test-other")).not.toEqual(first);
  });

  it("gives everyone asking at once the same secret", async () => {
    const all = await Promise.all(
      Array.from({ length: 8 }, () => loadOrCreateSecret(platform.deps.db, "test-race")),
    );
    for (const secret of all) expect(secret).toEqual(all[0]);
  });

  it("is what the platform signs media URLs with", async () => {
    const secret = await loadOrCreateSecret(platform.deps.db, MEDIA_URL_SIGNING_SECRET);
    const episodeId = "6f1c2b9e-2d41-4c1e-9a77-0b5f3e1d2c4a";
    const { base } = new MediaUrlSigner(secret).base("episodes", episodeId);
    const token = base.split("/").at(-1) ?? "";
    expect(platform.deps.media.signer.verify("episodes", episodeId, token)).toMatchObject({ ok: true });
  });
});
