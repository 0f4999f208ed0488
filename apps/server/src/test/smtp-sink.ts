// A real SMTP server on a loopback port (smtp-server, the server half of nodemailer's project) that
// keeps what it accepts, and can refuse a recipient or a message as a mail server would.
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as sent (headers and MIME parts). */
  raw: string;
  /** Header value by lowercase name (the first of each, unfolded). */
  headers: Map<string, string>;
}

export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Refuses a recipient at RCPT TO (a 5xx: the address does not exist). */
  refuseRecipient: (address: string | null) => void;
  /** Answers the next `count` messages' DATA with this code (451: try later) instead of accepting them. */
  failNextMessages: (count: number, code?: number) => void;
  /** Called with each message before it is accepted; returning false leaves it unanswered. */
  beforeAccept: ((mail: ReceivedMail) => boolean | Promise<boolean>) | null;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function parseHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

export async function startSmtpSink(options: Partial<SMTPServerOptions> = {}): Promise<SmtpSink> {
  let refused: string | null = null;
  let failing = 0;
  let failCode = 451;
  const waiters = new Set<() => void>();
  const sink: SmtpSink = {
    url: "",
    port: 0,
    received: [],
    refuseRecipient: (address) => {
      refused = address?.toLowerCase() ?? null;
    },
    failNextMessages: (count, code = 451) => {
      failing = count;
      failCode = code;
    },
    beforeAccept: null,
    waitFor: (count, timeoutMs = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (sink.received.length < count) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the SMTP server got ${sink.received.length} of ${count} messages`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (refused && address.address.toLowerCase() === refused) {
        const error = Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (failing > 0) {
          failing--;
          return callback(Object.assign(new Error("4.3.0 Try again later"), { responseCode: failCode }));
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
          headers: parseHeaders(raw),
        };
        if (sink.beforeAccept && !(await sink.beforeAccept(mail))) return;
        sink.received.push(mail);
        callback(null, "2.0.0 Queued");
        for (const check of [...waiters]) check();
      });
    },
    ...options,
  });
  // A client killed mid-message resets its connection: tests do that on purpose.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  return sink;
}
