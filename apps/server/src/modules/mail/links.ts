// The links in messages that act without signing in: a message's own (opened, a link followed,
// unsubscribe) and the newsletter's confirmation. Each carries what it is about and an HMAC of it
// made with a secret kept in the database, so nobody can make one for another message or person.
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";
import type { Executor } from "../../core/db/client.ts";
import { loadOrCreateSecret } from "../../core/db/secrets.ts";

const SECRET_NAME = "mail-links";
/** 128 bits of the HMAC: plenty against guessing, and short enough for tidy links. */
const TAG_BYTES = 16;
/** A newsletter confirmation link works for a week. */
export const CONFIRMATION_DAYS = 7;

export interface NewsletterConfirmation {
  userId: string;
  address: string;
  expiresAt: Date;
}

export class MailLinks {
  private readonly key: KeyObject;

  constructor(secret: Buffer) {
    this.key = createSecretKey(secret);
  }

  /** A message's token: its id (a uuid) and the tag. */
  forMessage(messageId: string): string {
    const payload = Buffer.from(messageId.replaceAll("-", ""), "hex");
    return `${payload.toString("base64url")}.${this.tag("m", payload)}`;
  }

  /** The message id a token names, or null for anything not made by `forMessage`. */
  readMessage(token: string): string | null {
    const payload = this.verified("m", token);
    if (payload?.length !== 16) return null;
    const hex = payload.toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  forConfirmation(confirmation: NewsletterConfirmation): string {
    const payload = Buffer.from(
      JSON.stringify([
        confirmation.userId,
        confirmation.address,
        Math.floor(confirmation.expiresAt.getTime() / 1000),
      ]),
    );
    return `${payload.toString("base64url")}.${this.tag("c", payload)}`;
  }

  /** The confirmation a token carries, if it is ours; whether it expired is the caller's to say. */
  readConfirmation(token: string): NewsletterConfirmation | null {
    const payload = this.verified("c", token);
    if (!payload) return null;
    try {
      const [userId, address, expires] = JSON.parse(payload.toString("utf8")) as unknown[];
      if (typeof userId !== "string" || typeof address !== "string" || typeof expires !== "number")
        return null;
      return { userId, address, expiresAt: new Date(expires * 1000) };
    } catch {
      return null;
    }
  }

  private tag(purpose: string, payload: Buffer): string {
    return createHmac("sha256", this.key)
      .update(purpose)
      .update(payload)
      .digest()
      .subarray(0, TAG_BYTES)
      .toString("base64url");
  }

  private verified(purpose: string, token: string): Buffer | null {
    if (token.length > 512) return null;
    const [encoded, tag, extra] = token.split(".");
    if (!encoded || !tag || extra !== undefined) return null;
    const payload = Buffer.from(encoded, "base64url");
    // Compared as written: base64url decoding ignores a last character's spare bits, and a token
    // is one exact string.
    const expected = Buffer.from(this.tag(purpose, payload));
    const given = Buffer.from(tag);
    if (payload.toString("base64url") !== encoded) return null;
    return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
  }
}

const byDatabase = new WeakMap<object, Promise<MailLinks>>();

/** The platform's link signer, made once per database from its stored secret. */
export function mailLinks(db: Executor): Promise<MailLinks> {
  let links = byDatabase.get(db);
  if (!links) {
    links = loadOrCreateSecret(db, SECRET_NAME).then((secret) => new MailLinks(secret));
    byDatabase.set(db, links);
  }
  return links;
}
