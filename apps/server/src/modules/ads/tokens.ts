// The token an ad is served with, which the page sends back with each event: which campaign, in
// which placement, for whom, when, and a random id for this one showing, signed so that events
// cannot be made up or moved to another campaign. Checked without a database read; its random id
// is what makes each event count once.
import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from "node:crypto";
import { AD_PLACEMENTS, type AdPlacement } from "@litverse/shared/ads";
import type { Database } from "../../core/db/client.ts";
import { loadOrCreateSecret } from "../../core/db/secrets.ts";

const AD_TOKEN_SECRET = "ad-tokens";
/** A token counts this long after it was issued; events are kept longer, so a replay finds its twin. */
export const AD_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
const RANDOM_BYTES = 10;
const MAC_BYTES = 16;
const BODY_BYTES = 16 + 1 + 4 + RANDOM_BYTES + 16;

export interface AdTokenClaims {
  campaignId: string;
  placement: AdPlacement;
  /** Null for someone not signed in. */
  userId: string | null;
  issuedAt: Date;
  /** This showing of the ad. */
  impressionId: string;
}

const uuidBytes = (id: string | null) => Buffer.from((id ?? "").replaceAll("-", "").padEnd(32, "0"), "hex");
function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const NO_USER = "00000000-0000-0000-0000-000000000000";

export class AdTokens {
  /** Made once: handing createHmac the raw bytes would import them again for every token. */
  private readonly secret: KeyObject;

  constructor(secret: Buffer) {
    this.secret = createSecretKey(secret);
  }

  private mac(body: Buffer): Buffer {
    return createHmac("sha256", this.secret).update(body).digest().subarray(0, MAC_BYTES);
  }

  issue(claims: Omit<AdTokenClaims, "impressionId" | "issuedAt">, now = new Date()): string {
    const body = Buffer.alloc(BODY_BYTES);
    uuidBytes(claims.campaignId).copy(body, 0);
    body.writeUInt8(AD_PLACEMENTS.indexOf(claims.placement), 16);
    body.writeUInt32BE(Math.floor(now.getTime() / 1000), 17);
    randomBytes(RANDOM_BYTES).copy(body, 21);
    uuidBytes(claims.userId).copy(body, 21 + RANDOM_BYTES);
    return Buffer.concat([body, this.mac(body)]).toString("base64url");
  }

  /** The claims of a token this server issued and still counts; null for anything else. */
  read(token: string, now = new Date()): AdTokenClaims | null {
    const bytes = Buffer.from(token, "base64url");
    if (bytes.length !== BODY_BYTES + MAC_BYTES) return null;
    const body = bytes.subarray(0, BODY_BYTES);
    if (!timingSafeEqual(bytes.subarray(BODY_BYTES), this.mac(body))) return null;
    const placement = AD_PLACEMENTS[body.readUInt8(16)];
    const issuedAt = new Date(body.readUInt32BE(17) * 1000);
    const age = now.getTime() - issuedAt.getTime();
    if (!placement || age > AD_TOKEN_LIFETIME_MS || age < -60_000) return null;
    const userId = uuidOf(body.subarray(21 + RANDOM_BYTES, BODY_BYTES));
    return {
      campaignId: uuidOf(body.subarray(0, 16)),
      placement,
      userId: userId === NO_USER ? null : userId,
      issuedAt,
      impressionId: body.subarray(0, 21 + RANDOM_BYTES).toString("base64url"),
    };
  }
}

const tokensOf = new WeakMap<Database, Promise<AdTokens>>();

/** This database's signer, its secret shared by every process through the database. */
export function adTokens(db: Database): Promise<AdTokens> {
  let tokens = tokensOf.get(db);
  if (!tokens) {
    tokens = loadOrCreateSecret(db, AD_TOKEN_SECRET).then((secret) => new AdTokens(secret));
    tokensOf.set(db, tokens);
  }
  return tokens;
}
