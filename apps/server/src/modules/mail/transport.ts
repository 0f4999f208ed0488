// Where messages go: a real mail server over SMTP (nodemailer, a pool of connections), or, with no
// SMTP_URL, nowhere: they stay in the outbox, where the team reads them in the admin console.
import nodemailer from "nodemailer";

export interface OutgoingMail {
  /** `<id@domain>`: the same on every attempt, so a receiver can tell a repeat. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export type SendOutcome =
  | { ok: true; response: string }
  /** `permanent`: a 5xx answer, trying again will not help; `refusedRecipient`: the address itself was refused. */
  | { ok: false; permanent: boolean; refusedRecipient: boolean; response: string };

export interface MailTransport {
  /** "outbox": nothing leaves the server. */
  readonly kind: "smtp" | "outbox";
  /** Connections worth using at once. */
  readonly connections: number;
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

export const outboxTransport: MailTransport = {
  kind: "outbox",
  connections: 1,
  send: async () => ({ ok: true, response: "kept in the outbox" }),
  close() {},
};

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  permanent?: boolean;
  command?: string;
}

/** A transport through the mail server at `url` (smtp:// with STARTTLS when offered, or smtps://). */
export function smtpTransport(url: string, options: { connections: number }): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.connections,
    // The sender paces itself; the pool's own limit would only queue behind it.
    maxMessages: 1_000,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    kind: "smtp",
    connections: options.connections,
    async send(mail) {
      try {
        const info = await transporter.sendMail({
          messageId: mail.messageId,
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: mail.headers,
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        return { ok: true, response: String(info.response ?? "accepted").slice(0, 300) };
      } catch (error) {
        const failure = error as SmtpError;
        const code = failure.responseCode ?? 0;
        const permanent = failure.permanent ?? (code >= 500 && code < 600);
        return {
          ok: false,
          permanent,
          refusedRecipient: permanent && failure.command === "RCPT TO",
          response: (failure.response ?? failure.message).slice(0, 300),
        };
      }
    },
    close() {
      transporter.close();
    },
  };
}
