// Webhook signatures: the "t=<unix>,v1=<hex>" scheme Stripe uses (and the sandbox copies), an
// HMAC over `${timestamp}.${rawBody}`, and Paystack's HMAC-SHA512 of the raw body. Compared in
// constant time; a timestamped signature older (or newer) than the tolerance is refused, so a
// captured webhook cannot be replayed later.
import { createHmac, timingSafeEqual } from "node:crypto";
import { WebhookSignatureError } from "../provider.ts";

/** How far a signature's timestamp may be from now. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type Headers = Record<string, string | string[] | undefined>;

/** A header's single value, whatever the case of its name. */
export function headerValue(headers: Headers, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

export function hmacHex(algorithm: "sha256" | "sha512", secret: string | Buffer, payload: Buffer | string) {
  return createHmac(algorithm, secret).update(payload).digest("hex");
}

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length > 0 && left.length === right.length && timingSafeEqual(left, right);
}

/** The header value for a payload signed now (or at `timestamp`). */
export function signTimestamped(secret: string | Buffer, rawBody: Buffer | string, timestamp = nowSeconds()) {
  const signature = hmacHex(
    "sha256",
    secret,
    Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.from(rawBody)]),
  );
  return `t=${timestamp},v1=${signature}`;
}

/** Checks a "t=…,v1=…" header against the raw body; throws WebhookSignatureError when it fails. */
export function verifyTimestamped(
  secret: string | Buffer,
  rawBody: Buffer,
  header: string | undefined,
  now = nowSeconds(),
): void {
  if (!header) throw new WebhookSignatureError("The webhook is not signed.");
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === "v1" && value) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) {
    throw new WebhookSignatureError("The webhook's signature header cannot be read.");
  }
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError("The webhook's signature is too old.");
  }
  const expected = hmacHex("sha256", secret, Buffer.concat([Buffer.from(`${timestamp}.`), rawBody]));
  if (!signatures.some((signature) => sameHex(signature, expected))) {
    throw new WebhookSignatureError("The webhook's signature does not match.");
  }
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Parses a signed body; a body that is not a JSON object is refused like a bad signature. */
export function parseJsonObject(rawBody: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(rawBody.toString("utf8"));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new WebhookSignatureError("The webhook's body is not a JSON object.");
}
