// Reading providers' bounce and complaint reports. The fixtures in bounce-fixtures/ follow the
// providers' documented example payloads (Amazon SES/SNS, SendGrid Event Webhook, Mailgun webhooks,
// Postmark bounce, spam complaint and subscription change webhooks), shortened.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BOUNCE_SOURCES,
  BounceReportError,
  type BounceSource,
  MAX_OUTCOMES_PER_REPORT,
  type MailOutcome,
  OUTCOME_DETAIL_MAX_LENGTH,
  readBounceReport,
} from "./bounce-reports.ts";

type Json = Record<string, unknown>;

function fixture(name: string): Json {
  return JSON.parse(readFileSync(new URL(`./bounce-fixtures/${name}.json`, import.meta.url), "utf8"));
}

/** The fixture with `change` applied to a copy of it. */
function edited(name: string, change: (value: Json) => void): Json {
  const value = fixture(name);
  change(value);
  return value;
}

/** An SNS HTTP notification carrying `message`, as Amazon SNS posts it. */
function snsNotification(message: unknown): Json {
  return {
    Type: "Notification",
    MessageId: "22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324",
    TopicArn: "arn:aws:sns:us-west-2:123456789012:MyTopic",
    Message: JSON.stringify(message),
    Timestamp: "2012-05-02T00:54:06.655Z",
    SignatureVersion: "1",
    Signature: "EXAMPLE",
    SigningCertURL:
      "https://sns.us-west-2.amazonaws.com/SimpleNotificationService-f3ecfb7224c7233fe7bb5f59f96de52f.pem",
    UnsubscribeURL: "https://sns.us-west-2.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=example",
  };
}

function expectError(source: BounceSource, body: unknown, pattern: RegExp) {
  expect(() => readBounceReport(source, body)).toThrow(BounceReportError);
  expect(() => readBounceReport(source, body)).toThrow(pattern);
}

describe("plain", () => {
  it("reads one report or an array of them, lowercasing addresses and stripping angle brackets", () => {
    expect(
      readBounceReport("plain", { email: "Reader@Example.com", type: "hard", reason: "No such user" }),
    ).toEqual<MailOutcome[]>([
      { address: "reader@example.com", kind: "hard", detail: "No such user", messageId: null },
    ]);
    expect(
      readBounceReport("plain", [
        { email: "a@example.com", type: "soft", messageId: "<m1@litverse.example>" },
        { email: "b@example.com", type: "complaint", extra: true },
      ]),
    ).toEqual<MailOutcome[]>([
      {
        address: "a@example.com",
        kind: "soft",
        detail: "Delivery failed for now.",
        messageId: "m1@litverse.example",
      },
      {
        address: "b@example.com",
        kind: "complaint",
        detail: "The recipient marked the message as spam.",
        messageId: null,
      },
    ]);
  });

  it("skips entries whose address does not look like one, keeping the rest of the batch", () => {
    const outcomes = readBounceReport("plain", [
      { email: "nobody", type: "hard" },
      { email: "", type: "hard" },
      { email: "Jane Doe <Jane@Example.com>", type: "hard" },
    ]);
    expect(outcomes.map((outcome) => outcome.address)).toEqual(["jane@example.com"]);
  });

  it("refuses bodies that are not the format, naming it", () => {
    expectError("plain", { email: "a@example.com", type: "bounce" }, /plain bounce report.*"type"/);
    expectError("plain", { type: "hard" }, /Not a plain bounce report/);
    expectError("plain", null, /Not a plain bounce report/);
    expectError("plain", "not json", /Not a plain bounce report: the body is not JSON/);
    expectError("plain", [{ email: "a@example.com", type: "hard" }, 3], /Not a plain bounce report/);
  });

  it("keeps details to one line of at most 300 characters", () => {
    const [outcome] = readBounceReport("plain", {
      email: "a@example.com",
      type: "hard",
      reason: `550\n\t  ${"x".repeat(400)}`,
    });
    expect(outcome?.detail.length).toBe(OUTCOME_DETAIL_MAX_LENGTH);
    expect(outcome?.detail.startsWith("550 xxx")).toBe(true);
    expect(outcome?.detail.endsWith("…")).toBe(true);
  });

  it("caps a batch at 1,000 outcomes", () => {
    const many = Array.from({ length: 1_500 }, (_, index) => ({
      email: `r${index}@example.com`,
      type: "soft",
    }));
    const outcomes = readBounceReport("plain", many);
    expect(outcomes).toHaveLength(MAX_OUTCOMES_PER_REPORT);
    expect(outcomes.at(-1)?.address).toBe("r999@example.com");
  });

  it("reads a body given as JSON text", () => {
    expect(readBounceReport("plain", JSON.stringify({ email: "a@example.com", type: "hard" }))).toHaveLength(
      1,
    );
  });
});

describe("ses", () => {
  it("reads a permanent bounce delivered through SNS, with our Message-ID from the original headers", () => {
    expect(readBounceReport("ses", snsNotification(fixture("ses-bounce")))).toEqual<MailOutcome[]>([
      {
        address: "jane@example.com",
        kind: "hard",
        detail: "smtp; 550 5.1.1 <jane@example.com>... User",
        messageId: "0f1e2d3c@litverse.example",
      },
    ]);
  });

  it("reads the bare notification and the SNS body as text (SNS posts text/plain)", () => {
    const bare = readBounceReport("ses", fixture("ses-bounce"));
    expect(bare).toHaveLength(1);
    expect(readBounceReport("ses", JSON.stringify(snsNotification(fixture("ses-bounce"))))).toEqual(bare);
  });

  it("takes transient and undetermined bounces as soft, with the bounce type when there is no diagnostic", () => {
    for (const bounceType of ["Transient", "Undetermined"]) {
      const body = edited("ses-bounce", (value) => {
        const bounce = value.bounce as Json;
        bounce.bounceType = bounceType;
        bounce.bounceSubType = "MailboxFull";
        bounce.bouncedRecipients = [{ emailAddress: "full@example.com", status: "4.2.2" }];
      });
      expect(readBounceReport("ses", body)).toEqual<MailOutcome[]>([
        {
          address: "full@example.com",
          kind: "soft",
          detail: `${bounceType} / MailboxFull bounce`,
          messageId: "0f1e2d3c@litverse.example",
        },
      ]);
    }
  });

  it("reads event publishing's eventType and falls back to commonHeaders for the Message-ID", () => {
    const body = edited("ses-bounce", (value) => {
      delete value.notificationType;
      value.eventType = "Bounce";
      delete (value.mail as Json).headers;
      (value.mail as Json).commonHeaders = { messageId: "<common@litverse.example>" };
    });
    expect(readBounceReport("ses", body)[0]?.messageId).toBe("common@litverse.example");
  });

  it("gives no Message-ID when the headers were not included (SES's own mail.messageId is not ours)", () => {
    const body = edited("ses-bounce", (value) => {
      const mail = value.mail as Json;
      delete mail.headers;
      delete mail.commonHeaders;
    });
    expect(readBounceReport("ses", body)[0]?.messageId).toBeNull();
  });

  it("reads complaints", () => {
    expect(readBounceReport("ses", snsNotification(fixture("ses-complaint")))).toEqual<MailOutcome[]>([
      {
        address: "richard@example.com",
        kind: "complaint",
        detail: "Complaint from the recipient's provider (abuse).",
        messageId: "custom-message-ID",
      },
    ]);
    const withoutType = edited("ses-complaint", (value) => {
      delete (value.complaint as Json).complaintFeedbackType;
    });
    expect(readBounceReport("ses", withoutType)[0]?.detail).toBe("The recipient marked the message as spam.");
  });

  it("gives nothing for subscription confirmations, deliveries and other events", () => {
    expect(readBounceReport("ses", fixture("sns-subscription-confirmation"))).toEqual([]);
    expect(
      readBounceReport("ses", {
        ...fixture("sns-subscription-confirmation"),
        Type: "UnsubscribeConfirmation",
      }),
    ).toEqual([]);
    const delivery = { notificationType: "Delivery", mail: {}, delivery: { recipients: ["a@example.com"] } };
    expect(readBounceReport("ses", snsNotification(delivery))).toEqual([]);
    expect(readBounceReport("ses", { eventType: "Open", mail: {}, open: {} })).toEqual([]);
  });

  it("refuses what is not an SNS message or an SES notification", () => {
    expectError("ses", { hello: "world" }, /Not an Amazon SES notification/);
    expectError("ses", [], /Not an Amazon SES notification/);
    expectError(
      "ses",
      { Type: "Notification", Message: "{not json" },
      /Amazon SES notification: the body is not JSON/,
    );
    expectError("ses", { Type: "Something" }, /SNS message type "Something"/);
    expectError("ses", snsNotification("just text"), /Not an Amazon SES notification/);
    expectError("ses", { notificationType: "Bounce", mail: {} }, /Not an Amazon SES notification.*bounce/);
    expectError("ses", { notificationType: "Complaint", complaint: {} }, /complainedRecipients/);
  });
});

describe("sendgrid", () => {
  it("reads bounces, blocks, bounced-address drops, deferrals and spam reports; ignores the rest", () => {
    const messageId = "14c5d75ce93.dfd.64b469@ismtpd-555";
    expect(readBounceReport("sendgrid", fixture("sendgrid-events"))).toEqual<MailOutcome[]>([
      { address: "deferred@test.com", kind: "soft", detail: "400 try again later", messageId },
      { address: "bounced@test.com", kind: "hard", detail: "500 unknown recipient", messageId },
      { address: "blocked@test.com", kind: "soft", detail: "550 sender IP listed", messageId },
      { address: "dropped@test.com", kind: "hard", detail: "Bounced Address", messageId },
      {
        address: "spam@test.com",
        kind: "complaint",
        detail: "The recipient marked the message as spam.",
        messageId,
      },
    ]);
  });

  it("takes a bounce without a type as hard and reads what is missing as absent", () => {
    expect(
      readBounceReport("sendgrid", [
        { event: "bounce", email: "x@example.com", reason: 550, status: "5.0.0" },
      ]),
    ).toEqual<MailOutcome[]>([{ address: "x@example.com", kind: "hard", detail: "5.0.0", messageId: null }]);
  });

  it("skips events without a usable address and gives nothing for an empty batch", () => {
    expect(
      readBounceReport("sendgrid", [
        { event: "bounce", type: "bounce" },
        { event: "spamreport", email: "not-an-address" },
      ]),
    ).toEqual([]);
    expect(readBounceReport("sendgrid", [])).toEqual([]);
  });

  it("refuses bodies that are not an array of events", () => {
    expectError("sendgrid", fixture("mailgun-complained"), /Not a SendGrid Event Webhook body/);
    expectError("sendgrid", [{ email: "a@example.com" }], /Not a SendGrid Event Webhook body.*0\.event/);
    expectError("sendgrid", "[", /SendGrid Event Webhook body: the body is not JSON/);
  });
});

describe("mailgun", () => {
  it("reads a permanent failure as hard, with the SMTP message", () => {
    expect(readBounceReport("mailgun", fixture("mailgun-failed-permanent"))).toEqual<MailOutcome[]>([
      {
        address: "alice@example.com",
        kind: "hard",
        detail: "5.1.1 The email account that you tried to reach does not exist.",
        messageId: "20130503192659.13651.20287@sample.mailgun.org",
      },
    ]);
  });

  it("reads a temporary failure as soft, with the description when the message is empty", () => {
    expect(readBounceReport("mailgun", fixture("mailgun-failed-temporary"))).toEqual<MailOutcome[]>([
      {
        address: "alice@example.com",
        kind: "soft",
        detail: "4.2.2 The email account that you tried to reach is over quota.",
        messageId: "20130503192659.13651.20287@sample.mailgun.org",
      },
    ]);
  });

  it("falls back to the reason for the detail", () => {
    const body = edited("mailgun-failed-permanent", (value) => {
      const data = value["event-data"] as Json;
      data.reason = "suppress-bounce";
      data["delivery-status"] = { message: "", description: "" };
    });
    expect(readBounceReport("mailgun", body)[0]?.detail).toBe("suppress-bounce");
  });

  it("reads complaints", () => {
    expect(readBounceReport("mailgun", fixture("mailgun-complained"))).toEqual<MailOutcome[]>([
      {
        address: "alice@example.com",
        kind: "complaint",
        detail: "The recipient marked the message as spam.",
        messageId: "20110215055645.25246.63817@sample.mailgun.org",
      },
    ]);
  });

  it("gives nothing for other events", () => {
    for (const event of ["delivered", "opened", "clicked", "unsubscribed", "accepted"]) {
      const body = edited("mailgun-complained", (value) => {
        (value["event-data"] as Json).event = event;
      });
      expect(readBounceReport("mailgun", body)).toEqual([]);
    }
  });

  it("refuses bodies without event-data", () => {
    expectError("mailgun", { event: "failed", recipient: "a@example.com" }, /Not a Mailgun webhook body/);
    expectError("mailgun", { "event-data": { recipient: "a@example.com" } }, /event-data\.event/);
    expectError("mailgun", fixture("sendgrid-events"), /Not a Mailgun webhook body/);
  });
});

describe("postmark", () => {
  it("reads a hard bounce; our Message-ID comes from the metadata, never Postmark's MessageID", () => {
    expect(readBounceReport("postmark", fixture("postmark-bounce"))).toEqual<MailOutcome[]>([
      {
        address: "john@example.com",
        kind: "hard",
        detail: "Test bounce details",
        messageId: "7d3f1c2a@litverse.example",
      },
    ]);
    const withoutOurs = edited("postmark-bounce", (value) => {
      value.Metadata = { a_key: "a_value" };
      delete value.Headers;
    });
    expect(readBounceReport("postmark", withoutOurs)[0]?.messageId).toBeNull();
    const fromHeader = edited("postmark-bounce", (value) => {
      delete value.Metadata;
    });
    expect(readBounceReport("postmark", fromHeader)[0]?.messageId).toBe(
      "ignored-when-metadata-has-one@litverse.example",
    );
  });

  it("takes soft bounces, transient failures and DNS errors as soft", () => {
    for (const type of ["SoftBounce", "Transient", "DnsError"]) {
      const body = edited("postmark-bounce", (value) => {
        value.Type = type;
        value.Details = "";
      });
      const [outcome] = readBounceReport("postmark", body);
      expect(outcome?.kind).toBe("soft");
      expect(outcome?.detail).toBe(
        "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
      );
    }
  });

  it("reads spam complaints, by record type or bounce type", () => {
    expect(readBounceReport("postmark", fixture("postmark-spam-complaint"))).toEqual<MailOutcome[]>([
      {
        address: "john@example.com",
        kind: "complaint",
        detail: "Test spam complaint details",
        messageId: null,
      },
    ]);
    const asBounce = edited("postmark-spam-complaint", (value) => {
      value.RecordType = "Bounce";
    });
    expect(readBounceReport("postmark", asBounce)[0]?.kind).toBe("complaint");
  });

  it("reads the older bounce webhook without RecordType", () => {
    const body = edited("postmark-bounce", (value) => {
      delete value.RecordType;
    });
    expect(readBounceReport("postmark", body)[0]?.kind).toBe("hard");
  });

  it("reads suppressions for hard bounces and complaints from the subscription change webhook", () => {
    expect(readBounceReport("postmark", fixture("postmark-subscription-change"))).toEqual<MailOutcome[]>([
      {
        address: "bounced-address@wildbit.com",
        kind: "hard",
        detail: "Suppressed by Postmark (HardBounce).",
        messageId: null,
      },
    ]);
    const complaint = edited("postmark-subscription-change", (value) => {
      value.SuppressionReason = "SpamComplaint";
    });
    expect(readBounceReport("postmark", complaint)[0]?.kind).toBe("complaint");
    for (const change of [{ SuppressionReason: "ManualSuppression" }, { SuppressSending: false }]) {
      expect(readBounceReport("postmark", { ...fixture("postmark-subscription-change"), ...change })).toEqual(
        [],
      );
    }
  });

  it("gives nothing for other bounce types and other records", () => {
    for (const type of ["AutoResponder", "Unsubscribe", "SpamNotification", "Unknown"]) {
      expect(readBounceReport("postmark", { ...fixture("postmark-bounce"), Type: type })).toEqual([]);
    }
    expect(
      readBounceReport("postmark", {
        RecordType: "Delivery",
        MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
        Recipient: "john@example.com",
        DeliveredAt: "2019-11-05T16:33:54.9070259Z",
      }),
    ).toEqual([]);
  });

  it("skips a record whose address does not look like one", () => {
    expect(readBounceReport("postmark", { ...fixture("postmark-bounce"), Email: "john" })).toEqual([]);
  });

  it("refuses bodies that are not a Postmark record", () => {
    expectError("postmark", { Email: "john@example.com" }, /Not a Postmark webhook body/);
    expectError("postmark", [fixture("postmark-bounce")], /Not a Postmark webhook body/);
    expectError("postmark", 42, /Not a Postmark webhook body/);
  });
});

describe("every source", () => {
  it("throws only BounceReportError for bodies of the wrong shape", () => {
    for (const source of BOUNCE_SOURCES) {
      for (const body of [undefined, null, 0, true, "", "null", "{}", {}, [1, 2]]) {
        try {
          readBounceReport(source, body);
        } catch (error) {
          expect(error).toBeInstanceOf(BounceReportError);
        }
      }
    }
  });
});
