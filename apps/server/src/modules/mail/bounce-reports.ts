// Reading the bounce and complaint reports that mail providers POST to us. Pure: a body in, a list
// of outcomes out (which address, hard or soft bounce or complaint, why, and our Message-ID when the
// provider reports it). What is done with them (suppressing addresses, marking messages) is the
// route's. Providers add fields at will, so every object is read loosely; a body that is not the
// provider's format at all is a BounceReportError, while one entry with an address that does not
// look like one is skipped rather than failing the batch.
import { z } from "zod";

export const BOUNCE_SOURCES = ["plain", "ses", "sendgrid", "mailgun", "postmark"] as const;
export type BounceSource = (typeof BOUNCE_SOURCES)[number];

export const MAIL_OUTCOME_KINDS = ["hard", "soft", "complaint"] as const;
export type MailOutcomeKind = (typeof MAIL_OUTCOME_KINDS)[number];

export interface MailOutcome {
  /** Lowercased recipient address. */
  address: string;
  /** hard: the address does not exist / is refused for good; soft: temporary; complaint: marked as spam. */
  kind: MailOutcomeKind;
  /** A short reason for people: the provider's diagnostic, at most 300 characters. */
  detail: string;
  /** Our Message-ID (without angle brackets) when the provider reports it, else null. */
  messageId: string | null;
}

/** Outcomes read from one body at most; the rest of a larger batch is dropped. */
export const MAX_OUTCOMES_PER_REPORT = 1_000;
export const OUTCOME_DETAIL_MAX_LENGTH = 300;
/** Longer "Message-IDs" are not ones we wrote (RFC 5322 caps a header line at 998 characters). */
const MESSAGE_ID_MAX_LENGTH = 998;

/** Thrown for a body that is not the named provider's format. */
export class BounceReportError extends Error {
  override name = "BounceReportError";
}

/** What a provider's reader finds, before addresses are checked and texts tidied. */
interface Candidate {
  address: string | undefined;
  kind: MailOutcomeKind;
  detail?: string | undefined;
  messageId?: string | null | undefined;
}

/**
 * Turns the body of a provider's webhook POST into outcomes. `body` is the parsed JSON, or the raw
 * text (Amazon SNS posts JSON as text/plain). Events that are not bounces or complaints (deliveries,
 * opens, SNS subscription confirmations) give no outcome. Throws BounceReportError when the body is
 * not that provider's format.
 */
export function readBounceReport(source: BounceSource, body: unknown): MailOutcome[] {
  const value = typeof body === "string" ? parseJsonText(body, FORMAT_NAMES[source]) : body;
  const outcomes: MailOutcome[] = [];
  for (const candidate of READERS[source](value)) {
    const outcome = finish(candidate);
    if (!outcome) continue;
    outcomes.push(outcome);
    if (outcomes.length === MAX_OUTCOMES_PER_REPORT) break;
  }
  return outcomes;
}

const FORMAT_NAMES: Record<BounceSource, string> = {
  plain: "plain bounce report",
  ses: "Amazon SES notification",
  sendgrid: "SendGrid Event Webhook body",
  mailgun: "Mailgun webhook body",
  postmark: "Postmark webhook body",
};

// ---- Shared reading helpers ----

/** An optional text field: anything but a string reads as absent rather than failing the body. */
const text = z.string().optional().catch(undefined);

function parseJsonText(raw: string, formatName: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new BounceReportError(`Not a ${formatName}: the body is not JSON.`);
  }
}

/** Parses with `schema`, or throws a BounceReportError naming the expected format. */
function parseAs<T>(schema: z.ZodType<T>, value: unknown, expected: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const where = issue && issue.path.length > 0 ? ` (at ${issue.path.join(".")}: ${issue.message})` : "";
  throw new BounceReportError(`${expected}${where}`);
}

const emailAddress = z.email();

/** The address lowercased, from "addr" or "Name <addr>"; null when it does not look like one. */
function normalizeAddress(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let address = raw.trim();
  const bracketed = /<([^<>]+)>$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1].trim();
  address = address.toLowerCase();
  if (address.length > 254) return null;
  return emailAddress.safeParse(address).success ? address : null;
}

/** "<abc@host>" → "abc@host"; null when empty or absurdly long. */
function normalizeMessageId(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const id = raw.trim().replace(/^<+/, "").replace(/>+$/, "").trim();
  if (id.length === 0 || id.length > MESSAGE_ID_MAX_LENGTH || /[\s<>]/.test(id)) return null;
  return id;
}

const DEFAULT_DETAILS: Record<MailOutcomeKind, string> = {
  hard: "The address was refused for good.",
  soft: "Delivery failed for now.",
  complaint: "The recipient marked the message as spam.",
};

/** One line of at most OUTCOME_DETAIL_MAX_LENGTH characters (whole code points), never empty. */
function tidyDetail(raw: string | undefined, kind: MailOutcomeKind): string {
  const line = (raw ?? "").replace(/[\s\p{Cc}]+/gu, " ").trim();
  if (line.length === 0) return DEFAULT_DETAILS[kind];
  const characters = Array.from(line);
  if (characters.length <= OUTCOME_DETAIL_MAX_LENGTH) return line;
  return `${characters
    .slice(0, OUTCOME_DETAIL_MAX_LENGTH - 1)
    .join("")
    .trimEnd()}…`;
}

function finish(candidate: Candidate): MailOutcome | null {
  const address = normalizeAddress(candidate.address);
  if (!address) return null;
  return {
    address,
    kind: candidate.kind,
    detail: tidyDetail(candidate.detail, candidate.kind),
    messageId: normalizeMessageId(candidate.messageId),
  };
}

/** The first text that is not blank. */
const firstText = (...values: (string | undefined)[]) => values.find((value) => value?.trim());

// ---- plain: our own format, for scripts and for providers without a reader ----

const plainEntry = z.looseObject({
  email: z.string(),
  type: z.enum(MAIL_OUTCOME_KINDS),
  reason: text,
  messageId: z.string().nullish().catch(undefined),
});
const plainBody = z.union([plainEntry, z.array(plainEntry)]);

function readPlain(body: unknown): Candidate[] {
  const parsed = parseAs(
    plainBody,
    body,
    'Not a plain bounce report: expected { "email", "type": "hard" | "soft" | "complaint", "reason"?, "messageId"? } or an array of those.',
  );
  return (Array.isArray(parsed) ? parsed : [parsed]).map((entry) => ({
    address: entry.email,
    kind: entry.type,
    detail: entry.reason,
    messageId: entry.messageId,
  }));
}

// ---- Amazon SES, through Amazon SNS or bare ----

const SES_EXPECTED =
  "Not an Amazon SES notification: expected an Amazon SNS message (Type, Message) or an SES notification " +
  "(notificationType or eventType, mail, and bounce or complaint).";

const snsEnvelope = z.looseObject({ Type: z.string(), Message: z.string().optional() });

const sesHeader = z.looseObject({ name: z.string(), value: z.string() });
const sesMail = z
  .looseObject({
    headers: z.array(z.unknown()).optional().catch(undefined),
    commonHeaders: z.looseObject({ messageId: text }).optional().catch(undefined),
  })
  .optional()
  .catch(undefined);
const sesBouncedRecipient = z.looseObject({ emailAddress: text, diagnosticCode: text, status: text });
const sesComplainedRecipient = z.looseObject({ emailAddress: text });
const sesNotification = z.looseObject({
  notificationType: text,
  eventType: text,
  mail: sesMail,
});
const sesBounce = z.looseObject({
  bounceType: text,
  bounceSubType: text,
  bouncedRecipients: z.array(sesBouncedRecipient),
});
const sesComplaint = z.looseObject({
  complaintFeedbackType: text,
  complainedRecipients: z.array(sesComplainedRecipient),
});

/** Our Message-ID from the original headers (SES's own mail.messageId is not ours). */
function sesMessageId(mail: z.infer<typeof sesMail>): string | undefined {
  for (const header of mail?.headers ?? []) {
    const parsed = sesHeader.safeParse(header);
    if (parsed.success && parsed.data.name.toLowerCase() === "message-id") return parsed.data.value;
  }
  return mail?.commonHeaders?.messageId;
}

const SES_BOUNCE_KINDS: Record<string, MailOutcomeKind> = {
  Permanent: "hard",
  Transient: "soft",
  Undetermined: "soft",
};

/** SNS's own addresses: a subscription is confirmed only at one of these. */
const SNS_URL = /^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/\?/;

/**
 * The address that confirms an Amazon SNS subscription, when the body is SNS asking for one (the
 * first thing SNS posts to a new endpoint); null for anything else.
 */
export function snsSubscriptionUrl(body: unknown): string | null {
  let value = body;
  if (typeof body === "string") {
    try {
      value = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const parsed = z
    .looseObject({ Type: z.literal("SubscriptionConfirmation"), SubscribeURL: z.string() })
    .safeParse(value);
  return parsed.success && SNS_URL.test(parsed.data.SubscribeURL) ? parsed.data.SubscribeURL : null;
}

function readSes(body: unknown): Candidate[] {
  const record = parseAs(z.looseObject({}), body, SES_EXPECTED);
  if (!("notificationType" in record) && !("eventType" in record)) {
    const envelope = parseAs(snsEnvelope, record, SES_EXPECTED);
    // Confirming or ending a subscription is the operator's business (the route logs SubscribeURL).
    if (envelope.Type === "SubscriptionConfirmation" || envelope.Type === "UnsubscribeConfirmation")
      return [];
    if (envelope.Type !== "Notification" || envelope.Message === undefined) {
      throw new BounceReportError(`${SES_EXPECTED} (SNS message type "${envelope.Type}")`);
    }
    return readSesNotification(parseJsonText(envelope.Message, "Amazon SES notification"));
  }
  return readSesNotification(record);
}

function readSesNotification(value: unknown): Candidate[] {
  const notification = parseAs(sesNotification, value, SES_EXPECTED);
  const type = notification.notificationType ?? notification.eventType;
  if (type === undefined) throw new BounceReportError(SES_EXPECTED);
  const messageId = sesMessageId(notification.mail);
  if (type === "Bounce") {
    const { bounce } = parseAs(z.looseObject({ bounce: sesBounce }), value, SES_EXPECTED);
    const kind = SES_BOUNCE_KINDS[bounce.bounceType ?? ""] ?? "soft";
    const summary = [bounce.bounceType, bounce.bounceSubType].filter(Boolean).join(" / ");
    return bounce.bouncedRecipients.map((recipient) => ({
      address: recipient.emailAddress,
      kind,
      detail: firstText(recipient.diagnosticCode, summary && `${summary} bounce`),
      messageId,
    }));
  }
  if (type === "Complaint") {
    const { complaint } = parseAs(z.looseObject({ complaint: sesComplaint }), value, SES_EXPECTED);
    const feedback = complaint.complaintFeedbackType;
    return complaint.complainedRecipients.map((recipient) => ({
      address: recipient.emailAddress,
      kind: "complaint" as const,
      detail: feedback && `Complaint from the recipient's provider (${feedback}).`,
      messageId,
    }));
  }
  return []; // Delivery, Send, Open, DeliveryDelay, …
}

// ---- SendGrid Event Webhook ----

const SENDGRID_EXPECTED =
  'Not a SendGrid Event Webhook body: expected an array of events, each with an "event".';

const sendgridEvent = z.looseObject({
  event: z.string(),
  email: text,
  type: text,
  reason: text,
  response: text,
  status: text,
  "smtp-id": text,
});

function sendgridCandidate(event: z.infer<typeof sendgridEvent>): Candidate | null {
  const base = { address: event.email, messageId: event["smtp-id"] };
  switch (event.event) {
    case "bounce":
      // "blocked": refused for the message or the sending IP, not the address.
      return event.type === "blocked"
        ? { ...base, kind: "soft", detail: firstText(event.reason, event.status) }
        : { ...base, kind: "hard", detail: firstText(event.reason, event.status) };
    case "dropped":
      return event.reason?.toLowerCase().includes("bounced address")
        ? { ...base, kind: "hard", detail: event.reason }
        : null;
    case "deferred":
      return { ...base, kind: "soft", detail: firstText(event.response, event.reason) };
    case "spamreport":
      return { ...base, kind: "complaint" };
    default:
      return null;
  }
}

function readSendgrid(body: unknown): Candidate[] {
  const events = parseAs(z.array(sendgridEvent), body, SENDGRID_EXPECTED);
  return events.flatMap((event) => sendgridCandidate(event) ?? []);
}

// ---- Mailgun webhooks ----

const MAILGUN_EXPECTED =
  'Not a Mailgun webhook body: expected { "signature", "event-data": { "event", "recipient", … } }.';

const mailgunBody = z.looseObject({
  "event-data": z.looseObject({
    event: z.string(),
    recipient: text,
    severity: text,
    reason: text,
    "delivery-status": z.looseObject({ message: text, description: text }).optional().catch(undefined),
    message: z
      .looseObject({ headers: z.looseObject({ "message-id": text }).optional().catch(undefined) })
      .optional()
      .catch(undefined),
  }),
});

function readMailgun(body: unknown): Candidate[] {
  const data = parseAs(mailgunBody, body, MAILGUN_EXPECTED)["event-data"];
  const base = { address: data.recipient, messageId: data.message?.headers?.["message-id"] };
  if (data.event === "complained") return [{ ...base, kind: "complaint" }];
  if (data.event !== "failed") return [];
  const status = data["delivery-status"];
  return [
    {
      ...base,
      // Anything but "permanent" is retried by Mailgun, so it is not taken as final.
      kind: data.severity === "permanent" ? "hard" : "soft",
      detail: firstText(status?.message, status?.description, data.reason),
    },
  ];
}

// ---- Postmark webhooks ----

const POSTMARK_EXPECTED =
  'Not a Postmark webhook body: expected an object with "RecordType" (Bounce, SpamComplaint, …) or a bounce "Type".';

const postmarkRecord = z.looseObject({
  RecordType: text,
  Type: text,
  Email: text,
  Recipient: text,
  Description: text,
  Details: text,
  SuppressSending: z.boolean().optional().catch(undefined),
  SuppressionReason: text,
  Metadata: z.record(z.string(), z.unknown()).optional().catch(undefined),
  Headers: z.array(z.unknown()).optional().catch(undefined),
});
type PostmarkRecord = z.infer<typeof postmarkRecord>;

const POSTMARK_BOUNCE_KINDS: Record<string, MailOutcomeKind> = {
  HardBounce: "hard",
  BadEmailAddress: "hard",
  SoftBounce: "soft",
  Transient: "soft",
  DnsError: "soft",
  SpamComplaint: "complaint",
};

/**
 * Postmark's MessageID is its own; ours comes only from metadata we attached when sending
 * ("messageId", "message-id", "Message-ID", …) or a Message-ID header, when either is present.
 */
function postmarkMessageId(record: PostmarkRecord): string | undefined {
  for (const [key, value] of Object.entries(record.Metadata ?? {})) {
    if (typeof value === "string" && key.toLowerCase().replace(/[^a-z]/g, "") === "messageid") return value;
  }
  for (const header of record.Headers ?? []) {
    const parsed = z.looseObject({ Name: z.string(), Value: z.string() }).safeParse(header);
    if (parsed.success && parsed.data.Name.toLowerCase() === "message-id") return parsed.data.Value;
  }
  return undefined;
}

function readPostmark(body: unknown): Candidate[] {
  const record = parseAs(postmarkRecord, body, POSTMARK_EXPECTED);
  const messageId = postmarkMessageId(record);
  // Older bounce webhooks carry no RecordType.
  const recordType = record.RecordType ?? (record.Type !== undefined ? "Bounce" : undefined);
  if (recordType === undefined) throw new BounceReportError(POSTMARK_EXPECTED);
  const detail = firstText(record.Details, record.Description);
  if (recordType === "SpamComplaint") {
    return [{ address: record.Email, kind: "complaint", detail, messageId }];
  }
  if (recordType === "Bounce") {
    const kind = POSTMARK_BOUNCE_KINDS[record.Type ?? ""];
    return kind ? [{ address: record.Email, kind, detail, messageId }] : [];
  }
  if (recordType === "SubscriptionChange" && record.SuppressSending === true) {
    // Broadcast streams have no bounce webhook: their hard bounces and complaints arrive as this.
    const kind =
      record.SuppressionReason === "HardBounce"
        ? "hard"
        : record.SuppressionReason === "SpamComplaint"
          ? "complaint"
          : undefined;
    if (!kind) return [];
    return [
      {
        address: record.Recipient,
        kind,
        detail: `Suppressed by Postmark (${record.SuppressionReason}).`,
        messageId,
      },
    ];
  }
  return []; // Delivery, Open, Click, reactivations, …
}

const READERS: Record<BounceSource, (body: unknown) => Candidate[]> = {
  plain: readPlain,
  ses: readSes,
  sendgrid: readSendgrid,
  mailgun: readMailgun,
  postmark: readPostmark,
};
