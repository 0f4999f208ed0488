import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AppError } from "../core/errors.ts";
import { MediaUrlSigner, URL_WINDOW_SECONDS } from "./url-signing.ts";

const EPISODE = "6f1c2b9e-2d41-4c1e-9a77-0b5f3e1d2c4a";
const OTHER_EPISODE = "0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d";
const HOUR = 3_600_000;
const WINDOW_MS = URL_WINDOW_SECONDS * 1000;
/** A moment exactly on a window boundary. */
const BOUNDARY = 1_800_000 * WINDOW_MS;

function fakeClock(start: number) {
  const clock = { now: start, read: () => clock.now };
  return clock;
}

const tokenOf = (base: string) => base.split("/").at(-1) ?? "";

describe("MediaUrlSigner", () => {
  const secret = randomBytes(32);

  it("signs episodes/<id>/<expires> with HMAC-SHA256 in base64url", () => {
    const clock = fakeClock(BOUNDARY + HOUR);
    const { base, expiresAt } = new MediaUrlSigner(secret, clock.read).base("episodes", EPISODE);
    const expires = expiresAt.getTime() / 1000;
    const signature = createHmac("sha256", secret)
      .update(`episodes/${EPISODE}/${expires}`)
      .digest("base64url");
    expect(base).toBe(`/media/episodes/${EPISODE}/${expires}.${signature}`);
  });

  it("hands out the same URL throughout a 6-hour window, valid 6 to 12 hours", () => {
    const clock = fakeClock(BOUNDARY + 1_000);
    const signer = new MediaUrlSigner(secret, clock.read);
    const first = signer.base("episodes", EPISODE);
    expect(first.expiresAt.getTime()).toBe(BOUNDARY + 2 * WINDOW_MS);
    for (const offset of [HOUR, 3 * HOUR, WINDOW_MS - 1_000]) {
      clock.now = BOUNDARY + offset;
      expect(signer.base("episodes", EPISODE)).toEqual(first);
      const left = first.expiresAt.getTime() - clock.now;
      expect(left).toBeGreaterThanOrEqual(WINDOW_MS);
      expect(left).toBeLessThanOrEqual(2 * WINDOW_MS);
    }
    // The next window brings the next URL.
    clock.now = BOUNDARY + WINDOW_MS + 1_000;
    const next = signer.base("episodes", EPISODE);
    expect(next.base).not.toBe(first.base);
    expect(next.expiresAt.getTime()).toBe(first.expiresAt.getTime() + WINDOW_MS);
  });

  it("gives exactly one window of validity on a boundary", () => {
    const clock = fakeClock(BOUNDARY);
    const { expiresAt } = new MediaUrlSigner(secret, clock.read).base("episodes", EPISODE);
    expect(expiresAt.getTime() - BOUNDARY).toBe(WINDOW_MS);
  });

  it("verifies its own tokens until they expire, with the seconds left", () => {
    const clock = fakeClock(BOUNDARY + HOUR);
    const signer = new MediaUrlSigner(secret, clock.read);
    const { base, expiresAt } = signer.base("episodes", EPISODE);
    const token = tokenOf(base);
    expect(signer.verify("episodes", EPISODE, token)).toEqual({
      ok: true,
      expiresAt,
      maxAgeSeconds: (expiresAt.getTime() - clock.now) / 1000,
    });
    clock.now = expiresAt.getTime() - 1_000;
    expect(signer.verify("episodes", EPISODE, token)).toMatchObject({ ok: true, maxAgeSeconds: 1 });
    clock.now = expiresAt.getTime();
    expect(signer.verify("episodes", EPISODE, token)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another episode's token, another secret's, and altered tokens", () => {
    const clock = fakeClock(BOUNDARY + HOUR);
    const signer = new MediaUrlSigner(secret, clock.read);
    const token = tokenOf(signer.base("episodes", EPISODE).base);
    const [expires, signature = ""] = token.split(".");
    expect(signer.verify("episodes", OTHER_EPISODE, token)).toEqual({ ok: false, reason: "invalid" });
    const stranger = new MediaUrlSigner(randomBytes(32), clock.read);
    expect(stranger.verify("episodes", EPISODE, token)).toEqual({ ok: false, reason: "invalid" });
    // A later expiry with the old signature.
    expect(
      signer.verify("episodes", EPISODE, `${Number(expires) + URL_WINDOW_SECONDS}.${signature}`),
    ).toEqual({
      ok: false,
      reason: "invalid",
    });
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    expect(signer.verify("episodes", EPISODE, `${expires}.${flipped}`)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("refuses malformed tokens without computing anything", () => {
    const signer = new MediaUrlSigner(secret, () => BOUNDARY);
    const good = tokenOf(signer.base("episodes", EPISODE).base);
    for (const token of [
      "",
      "abc",
      "123",
      `${good}x`,
      `x${good}`,
      good.replace(".", "-"),
      `-1.${"a".repeat(43)}`,
    ]) {
      expect(signer.verify("episodes", EPISODE, token), token).toEqual({ ok: false, reason: "malformed" });
    }
    expect(signer.verify("episodes", "../x", good)).toEqual({ ok: false, reason: "malformed" });
  });

  it("refuses an expired forgery as invalid, not as expired", () => {
    const signer = new MediaUrlSigner(secret, () => BOUNDARY);
    expect(signer.verify("episodes", EPISODE, `1000.${"a".repeat(43)}`)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("refuses ids that are not one safe path segment, and short secrets", () => {
    const signer = new MediaUrlSigner(secret, () => BOUNDARY);
    for (const id of ["", "..", "a/b", ".hidden", "a b", "x".repeat(200)]) {
      expect(() => signer.base("episodes", id), id).toThrow(AppError);
    }
    expect(() => new MediaUrlSigner(randomBytes(16))).toThrow(/32 bytes/);
  });
});
