// Access tokens as the embedded provider issues them (signed with its stored key), and forged or
// expired ones, for tests that call the server over HTTP or WebSocket as a real client would.
import type { UserRole } from "@litverse/shared/constants";
import { generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { EMBEDDED_ISSUER_KEY } from "../auth/identity.ts";
import { loadKeys } from "../auth/provider/keys.ts";
import { users } from "../modules/users/schema.ts";
import type { Platform } from "../platform.ts";

export interface TokenOptions {
  subject: string;
  expiresInSeconds?: number;
  /** Sign with a key of our own instead of the provider's: a forgery. */
  forged?: boolean;
  audience?: string;
}

export async function accessToken(platform: Platform, options: TokenOptions): Promise<string> {
  const { issuer, audience } = platform.config.auth;
  const [stored] = (await loadKeys(platform.deps.db)).jwks.keys as Array<JWK & { kid: string }>;
  if (!stored) throw new Error("no signing key");
  const key = options.forged ? (await generateKeyPair("RS256")).privateKey : await importJWK(stored, "RS256");
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: `${options.subject}@example.test`, name: "Token Tester" })
    .setProtectedHeader({ alg: "RS256", kid: stored.kid, typ: "at+jwt" })
    .setIssuer(issuer)
    .setAudience(options.audience ?? audience)
    .setSubject(options.subject)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + (options.expiresInSeconds ?? 600))
    .sign(key);
}

/** A stored user of the embedded provider with this role, and a valid token for them. */
export async function signedInAs(platform: Platform, role: UserRole): Promise<{ id: string; token: string }> {
  const subject = `subject-${role}-${crypto.randomUUID()}`;
  const [row] = await platform.deps.db
    .insert(users)
    .values({ issuer: EMBEDDED_ISSUER_KEY, subject, email: `${subject}@example.test`, name: role, role })
    .returning();
  if (!row) throw new Error("user not stored");
  return { id: row.id, token: await accessToken(platform, { subject }) };
}
