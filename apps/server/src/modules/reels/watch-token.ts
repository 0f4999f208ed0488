// The watch token: what a page's beacon carries in place of an access token, which
// `navigator.sendBeacon` cannot put in a header. It says "this person may record watch events"
// and nothing more, for 6 to 12 hours (the same for every feed page asked for in a 6-hour window),
// signed with a secret every server process shares.
import { createHmac, timingSafeEqual } from "node:crypto";
import { loadOrCreateSecret } from "../../core/db/secrets.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";

const SECRET_NAME = "reel-watch-token";
const WINDOW_SECONDS = 6 * 60 * 60;
const TOKEN_PATTERN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const secrets = new WeakMap<ServiceDeps, Promise<Buffer>>();

function secretOf(deps: ServiceDeps): Promise<Buffer> {
  let secret = secrets.get(deps);
  if (!secret) {
    secret = loadOrCreateSecret(deps.db, SECRET_NAME);
    secret.catch(() => secrets.delete(deps));
    secrets.set(deps, secret);
  }
  return secret;
}

const sign = (secret: Buffer, userId: string, expires: number) =>
  createHmac("sha256", secret).update(`reel-watch/${userId}/${expires}`).digest("base64url");

export async function watchTokenFor(deps: ServiceDeps, userId: string, now = new Date()): Promise<string> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expires = Math.ceil(nowSeconds / WINDOW_SECONDS) * WINDOW_SECONDS + WINDOW_SECONDS;
  return `${userId}.${expires}.${sign(await secretOf(deps), userId, expires)}`;
}

/** The person a token was made for, or null when it is malformed, forged or expired. */
export async function verifyWatchToken(
  deps: ServiceDeps,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, userId = "", expiresText = "", signature = ""] = match;
  const expires = Number(expiresText);
  const expected = Buffer.from(sign(await secretOf(deps), userId, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return expires * 1000 > now.getTime() ? userId : null;
}
