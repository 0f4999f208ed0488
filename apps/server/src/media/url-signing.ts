// Signed, expiring URLs for private files: an episode's (`/media/episodes/<episodeId>/<expires>.<signature>/…`),
// a conversation's pictures (`/media/messages/<conversationId>/…`) and a reel's files
// (`/media/reels/<reelId>/…`). Paid, age-restricted or
// private files cannot be fetched by guessing their address, and a link handed out stops working
// after a few hours. Expiry times are rounded to 6-hour windows so that everyone
// asking within one window gets the same URL: browser caches, the service worker and offline
// downloads keep finding their copies (decision 0008).
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../core/errors.ts";

/** Length of one window; a URL is handed out for up to one window and stays valid at least one. */
export const URL_WINDOW_SECONDS = 6 * 60 * 60;

/** Episode ids and content ids as they appear in media paths: one safe path segment. */
export const MEDIA_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Milliseconds since the epoch, like `Date.now`. */
export type Clock = () => number;

/** The folders whose files are only served through signed URLs. */
export type SignedArea = "episodes" | "messages" | "clubs" | "support" | "reels";

export type TokenCheck =
  | { ok: true; expiresAt: Date /** Whole seconds left, for Cache-Control. */; maxAgeSeconds: number }
  | { ok: false; reason: "malformed" | "invalid" | "expired" };

const TOKEN_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export class MediaUrlSigner {
  readonly #secret: Buffer;
  readonly #now: Clock;

  constructor(secret: Buffer, now: Clock = Date.now) {
    if (secret.length < 32) throw new Error("The media URL signing secret must be at least 32 bytes.");
    this.#secret = secret;
    this.#now = now;
  }

  /**
   * The URL prefix for one folder's files (append `/<path inside the folder>`), the same for
   * everyone during a 6-hour window, and when it stops working: 6 to 12 hours from now.
   */
  base(area: SignedArea, id: string): { base: string; expiresAt: Date } {
    checkId(id);
    const nowSeconds = Math.floor(this.#now() / 1000);
    const expires = Math.ceil(nowSeconds / URL_WINDOW_SECONDS) * URL_WINDOW_SECONDS + URL_WINDOW_SECONDS;
    return {
      base: `/media/${area}/${id}/${expires}.${this.#sign(area, id, expires)}`,
      expiresAt: new Date(expires * 1000),
    };
  }

  /** Checks a token from a URL against the folder it names: format, then signature, then expiry. */
  verify(area: SignedArea, id: string, token: string): TokenCheck {
    const match = TOKEN_PATTERN.exec(token);
    if (!match || !MEDIA_ID_PATTERN.test(id)) return { ok: false, reason: "malformed" };
    const expires = Number(match[1]);
    const given = Buffer.from(match[2] ?? "", "utf8");
    const expected = Buffer.from(this.#sign(area, id, expires), "utf8");
    // Both are 43 characters here (the pattern), so the comparison takes the same time whatever differs.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: "invalid" };
    }
    const leftMs = expires * 1000 - this.#now();
    if (leftMs <= 0) return { ok: false, reason: "expired" };
    return { ok: true, expiresAt: new Date(expires * 1000), maxAgeSeconds: Math.floor(leftMs / 1000) };
  }

  #sign(area: SignedArea, id: string, expires: number): string {
    return createHmac("sha256", this.#secret).update(`${area}/${id}/${expires}`).digest("base64url");
  }
}

function checkId(id: string): void {
  if (!MEDIA_ID_PATTERN.test(id)) throw new AppError("BAD_REQUEST", `Invalid id for a media URL: ${id}`);
}
