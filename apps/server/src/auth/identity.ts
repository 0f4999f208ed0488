/** Who a verified access token says the caller is. */
export interface Identity {
  /** The token's `iss`. */
  issuer: string;
  /** What users are stored under: "embedded" for our own provider, else the issuer itself. */
  issuerKey: string;
  subject: string;
  /** The token's claims, for the profile (email, name, picture). */
  claims: Record<string, unknown>;
  /** When the token expires, in milliseconds since the epoch. */
  expiresAt: number;
  /** The raw token, to ask an external provider's userinfo endpoint for missing claims. */
  token: string;
}

/** Users who signed in with the embedded provider are stored under this issuer key, whatever URL it has. */
export const EMBEDDED_ISSUER_KEY = "embedded";

export function isExpired(identity: Identity, now = Date.now()): boolean {
  return identity.expiresAt <= now;
}
