// Verifies access tokens (JWTs) with jose: signature against the issuer's keys, issuer, audience
// and expiry with a small allowance for clock skew.
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from "jose";
import type { AuthConfig } from "../core/config.ts";
import { AppError } from "../core/errors.ts";
import { EMBEDDED_ISSUER_KEY, type Identity } from "./identity.ts";

const CLOCK_TOLERANCE_SECONDS = 10;
const DISCOVERY_TIMEOUT_MS = 5_000;

export interface TokenVerifier {
  verify(token: string): Promise<Identity>;
  /** Profile claims from the provider's userinfo endpoint (external providers' tokens may lack them). */
  userinfo(token: string): Promise<Record<string, unknown>>;
}

interface Discovery {
  jwks_uri: string;
  userinfo_endpoint?: string;
}

/**
 * `getKeys` supplies the verification keys: for the embedded provider, its own published keys read
 * from the database; for an external one, its JWKS from discovery.
 */
export function createTokenVerifier(auth: AuthConfig, getKeys?: JWTVerifyGetKey): TokenVerifier {
  let discovery: Promise<Discovery> | null = null;
  let remoteKeys: JWTVerifyGetKey | null = null;

  const discover = () => {
    discovery ??= fetch(`${auth.issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`discovery answered ${response.status}`);
        return (await response.json()) as Discovery;
      })
      .catch((error: unknown) => {
        discovery = null; // try again on the next call
        throw error;
      });
    return discovery;
  };

  const keys: JWTVerifyGetKey =
    getKeys ??
    (async (header, token) => {
      if (!remoteKeys) remoteKeys = createRemoteJWKSet(new URL((await discover()).jwks_uri));
      return remoteKeys(header, token);
    });

  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: auth.issuer,
          audience: auth.audience,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ["sub", "exp"],
        });
        return {
          issuer: auth.issuer,
          issuerKey: auth.mode === "embedded" ? EMBEDDED_ISSUER_KEY : auth.issuer,
          subject: payload.sub as string,
          claims: payload as Record<string, unknown>,
          expiresAt: (payload.exp as number) * 1000,
          token,
        };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired)
          throw new AppError("UNAUTHORIZED", "Your session has expired.");
        if (error instanceof joseErrors.JOSEError)
          throw new AppError("UNAUTHORIZED", "Invalid access token.");
        throw error;
      }
    },
    async userinfo(token) {
      const endpoint = (await discover()).userinfo_endpoint;
      if (!endpoint) return {};
      const response = await fetch(endpoint, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
      });
      if (!response.ok) return {};
      return (await response.json()) as Record<string, unknown>;
    },
  };
}
