// Webhook signatures, checked against HMACs computed here the way Stripe documents its scheme: a
// "Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of `${t}.${body}`>" header.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { WebhookSignatureError } from "../provider.ts";
import { headerValue, parseJsonObject, sameHex, verifyTimestamped } from "./signatures.ts";

const SECRET = "whsec_test_secret";
const NOW = 1_750_000_000;
const body = Buffer.from(JSON.stringify({ id: "evt_1", type: "checkout.session.completed" }));

const v1 = (timestamp: number | string, payload: Buffer = body, secret = SECRET) =>
  createHmac("sha256", secret).update(`${timestamp}.${payload.toString()}`).digest("hex");

/** What verifyTimestamped throws for `header` at NOW, or "accepted". */
function verdict(header: string | undefined, now = NOW): string {
  try {
    verifyTimestamped(SECRET, body, header, now);
    return "accepted";
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError);
    return (error as Error).message;
  }
}

describe("headerValue", () => {
  it("finds a header whatever the case of its name, taking the first of repeated values", () => {
    expect(headerValue({ "Stripe-Signature": "a" }, "stripe-signature")).toBe("a");
    expect(headerValue({ "x-paystack-signature": ["b", "c"] }, "X-Paystack-Signature")).toBe("b");
    expect(headerValue({ other: "d" }, "stripe-signature")).toBeUndefined();
  });
});

describe("sameHex", () => {
  it("is true only for the same non-empty bytes", () => {
    expect(sameHex("a1b2", "A1B2")).toBe(true);
    expect(sameHex("a1b2", "a1b3")).toBe(false);
  });

  it("never matches an empty or unreadable signature, even against another empty one", () => {
    expect(sameHex("", "")).toBe(false);
    // Not hex at all: both read as no bytes.
    expect(sameHex("zz", "yy")).toBe(false);
  });

  it("refuses a signature of another length instead of failing", () => {
    expect(sameHex("a1b2", "a1b2c3")).toBe(false);
    expect(sameHex("a1b2c3", "a1")).toBe(false);
  });
});

describe("verifyTimestamped", () => {
  it("accepts a signature made with the secret over the timestamp and body", () => {
    expect(verdict(`t=${NOW},v1=${v1(NOW)}`)).toBe("accepted");
  });

  it("accepts the spaces Stripe's documentation shows after the commas", () => {
    expect(verdict(`t=${NOW}, v1=${v1(NOW)}`)).toBe("accepted");
  });

  it("accepts a header with several signatures when one of them matches (a secret being rolled)", () => {
    const old = v1(NOW, body, "whsec_old_secret");
    expect(verdict(`t=${NOW},v1=${old},v1=${v1(NOW)}`)).toBe("accepted");
    expect(verdict(`t=${NOW},v1=${v1(NOW)},v1=${old}`)).toBe("accepted");
  });

  it("ignores the other schemes' entries, numeric or not", () => {
    expect(verdict(`t=${NOW},v0=12345,v1=${v1(NOW)}`)).toBe("accepted");
    expect(verdict(`t=${NOW},v1=${v1(NOW)},v0=6789`)).toBe("accepted");
  });

  it("refuses a missing header as unsigned", () => {
    expect(verdict(undefined)).toBe("The webhook is not signed.");
    expect(verdict("")).toBe("The webhook is not signed.");
  });

  it("cannot read a header without a timestamp or without a signature", () => {
    const unreadable = "The webhook's signature header cannot be read.";
    expect(verdict(`v1=${v1(NOW)}`)).toBe(unreadable);
    expect(verdict(`t=${NOW}`)).toBe(unreadable);
    expect(verdict(`t=${NOW},v1=`)).toBe(unreadable);
    expect(verdict(`t=${NOW},v1`)).toBe(unreadable);
    expect(verdict("t=,v1=abcd")).toBe(unreadable);
  });

  it("reads only a timestamp made of digits, not one with anything before or after", () => {
    const unreadable = "The webhook's signature header cannot be read.";
    expect(verdict(`t=x${NOW},v1=${v1(`x${NOW}`)}`)).toBe(unreadable);
    expect(verdict(`t=${NOW}x,v1=${v1(`${NOW}x`)}`)).toBe(unreadable);
    expect(verdict(`t=-${NOW},v1=${v1(`-${NOW}`)}`)).toBe(unreadable);
  });

  it("accepts a timestamp up to five minutes either side of now, and refuses one further off", () => {
    expect(verdict(`t=${NOW - 300},v1=${v1(NOW - 300)}`)).toBe("accepted");
    expect(verdict(`t=${NOW + 300},v1=${v1(NOW + 300)}`)).toBe("accepted");
    expect(verdict(`t=${NOW - 301},v1=${v1(NOW - 301)}`)).toBe("The webhook's signature is too old.");
    expect(verdict(`t=${NOW + 301},v1=${v1(NOW + 301)}`)).toBe("The webhook's signature is too old.");
  });

  it("refuses a signature over another body, another timestamp or with another secret", () => {
    const mismatch = "The webhook's signature does not match.";
    expect(verdict(`t=${NOW},v1=${v1(NOW, Buffer.from("{}"))}`)).toBe(mismatch);
    expect(verdict(`t=${NOW},v1=${v1(NOW - 1)}`)).toBe(mismatch);
    expect(verdict(`t=${NOW},v1=${v1(NOW, body, "whsec_other")}`)).toBe(mismatch);
  });
});

describe("parseJsonObject", () => {
  it("returns a JSON object", () => {
    expect(parseJsonObject(Buffer.from('{"event":"charge.success"}'))).toEqual({ event: "charge.success" });
  });

  it("refuses anything else as it would a bad signature", () => {
    for (const text of ["[]", "[{}]", "null", "5", '"text"', "true", "{not json"]) {
      expect(() => parseJsonObject(Buffer.from(text)), text).toThrow(
        new WebhookSignatureError("The webhook's body is not a JSON object."),
      );
    }
  });
});
