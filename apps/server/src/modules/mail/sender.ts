// The sender: takes due messages from the outbox and hands them to the transport, at most at the
// configured rate, retrying temporary failures with growing waits.
//
// Once: a message is claimed (status "sending") for a short lease and marked sent the moment the
// mail server accepts it, one message at a time. A process killed in between leaves its claims to
// lapse; the messages are then sent again. What can repeat is only a message the server accepted
// in the instant before the kill, before its mark was written; it goes again with the same
// Message-ID, by which receivers recognise a repeat (decision 0048).

import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { queryRows } from "../../core/db/client.ts";
import type { LimiterStore } from "../../core/limits/limiter-store.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { type DrawnMessage, drawMessage, type OutboxRow } from "./draw.ts";
import { MAIL_QUEUED_TOPIC } from "./queue.ts";
import { mailOutbox, newsletterIssues } from "./schema.ts";
import { bulkRefusals, suppressAddress } from "./suppression.ts";
import { NEWSLETTER_TOPIC, OUTBOX_TOPIC } from "./topics.ts";
import type { MailTransport } from "./transport.ts";

/** Waits after the 1st, 2nd, … temporary failure; past the last, the message has failed. */
export const RETRY_WAITS_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  60 * 60_000,
  3 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
];

export interface MailSenderOptions {
  log: FastifyBaseLogger;
  /** Messages per second, at most. */
  ratePerSecond: number;
  /** How long a claim lasts; a claim that lapsed was abandoned by a stopped process. */
  leaseMs?: number;
  /** How often an idle sender looks for due messages (it is also woken when mail is queued). */
  pollMs?: number;
  /**
   * Only this process uses the database (PGlite): claims left by an earlier run of it are released
   * at start instead of waiting for their lease.
   */
  soleProcess?: boolean;
}

/**
 * Paces sends to a rate, the mail provider's, shared by every process: each take waits for its own
 * slot in this process, then for a place in the second's budget counted in the shared store
 * (PostgreSQL or Redis), so that N processes together still send at most the rate.
 */
class Pace {
  private next = 0;
  private readonly gapMs: number;
  private readonly shared: RateLimiterAbstract;

  constructor(perSecond: number, limiters: LimiterStore) {
    this.gapMs = 1_000 / perSecond;
    this.shared = limiters.limiter({
      keyPrefix: "mail-send",
      points: Math.max(1, Math.floor(perSecond)),
      duration: 1,
    });
  }

  async take(): Promise<void> {
    const now = performance.now();
    const slot = Math.max(now, this.next);
    this.next = slot + this.gapMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
    for (;;) {
      try {
        await this.shared.consume("all");
        return;
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, rejection.msBeforeNext)));
      }
    }
  }
}

const messageIdOf = (row: OutboxRow, from: string) => {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "litverse.localhost";
  return `<${row.id}@${domain}>`;
};

export class MailSender {
  private readonly deps: ServiceDeps;
  private readonly transport: MailTransport;
  private readonly options: Required<Omit<MailSenderOptions, "soleProcess">> & { soleProcess: boolean };
  private readonly pace: Pace;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private isStopped = true;
  private wakeAgain = false;
  private unsubscribe: (() => void) | null = null;

  constructor(deps: ServiceDeps, transport: MailTransport, options: MailSenderOptions) {
    this.deps = deps;
    this.transport = transport;
    this.options = { leaseMs: 30_000, pollMs: 2_000, soleProcess: false, ...options };
    this.pace = new Pace(options.ratePerSecond, deps.limiters);
  }

  async start(): Promise<void> {
    if (this.options.soleProcess) {
      await this.deps.db.execute(
        sql`update ${mailOutbox} set status = 'queued', lease_until = null where status = 'sending'`,
      );
    }
    this.isStopped = false;
    this.unsubscribe = this.deps.changes.subscribe((topics) => {
      if (topics.includes(MAIL_QUEUED_TOPIC)) this.wake();
    });
    this.schedule(0);
  }

  /** Looks for due messages now. */
  wake(): void {
    if (this.isStopped) return;
    if (this.running) this.wakeAgain = true;
    else this.schedule(0);
  }

  /** Takes nothing more; the messages already taken are sent (or given back) before it returns. */
  async stop(): Promise<void> {
    this.isStopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * Sends every due message (only those `among` names, if given), then returns: tests, the
   * benchmark, the demo's seed.
   */
  async drain(among?: SQL): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claim(among);
      if (batch.length === 0) {
        await this.finishIssues();
        return sent;
      }
      sent += await this.sendBatch(batch);
    }
  }

  private schedule(delayMs: number): void {
    if (this.isStopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.tick().finally(() => {
        this.running = null;
      });
    }, delayMs);
  }

  private async tick(): Promise<void> {
    let didWork = false;
    try {
      this.wakeAgain = false;
      const batch = this.isStopped ? [] : await this.claim();
      if (batch.length > 0) {
        didWork = true;
        await this.sendBatch(batch);
      }
      await this.finishIssues();
    } catch (error) {
      this.options.log.error({ err: error }, "mail sender problem");
    }
    this.schedule(didWork || this.wakeAgain ? 0 : this.options.pollMs);
  }

  /** About three seconds of sending, so that a claim never outlives its lease at the set rate. */
  private batchSize(): number {
    return Math.max(1, Math.min(500, Math.floor(this.options.ratePerSecond * 3)));
  }

  private async claim(among?: SQL): Promise<OutboxRow[]> {
    const rows = await queryRows<{ id: string }>(
      this.deps.db,
      sql`
        update ${mailOutbox} set
          status = 'sending', attempts = attempts + 1,
          lease_until = now() + ${`${this.options.leaseMs} milliseconds`}::interval
        where id in (
          select o.id from ${mailOutbox} o
          where ((o.status = 'queued' and o.next_attempt_at <= now())
              or (o.status = 'sending' and o.lease_until < now()))
            and (o.issue_id is null or exists (
              select 1 from ${newsletterIssues} i where i.id = o.issue_id and i.status = 'sending'))
            ${among ? sql`and ${among}` : sql``}
          order by o.is_bulk, o.next_attempt_at
          limit ${this.batchSize()}
          for update skip locked
        )
        returning id`,
    );
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const claimed = await this.deps.db
      .select()
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.id} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
    // Transactional first, then oldest: as claimed.
    return claimed.sort(
      (a, b) => Number(a.isBulk) - Number(b.isBulk) || a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime(),
    );
  }

  private async sendBatch(batch: OutboxRow[]): Promise<number> {
    const refusals = await bulkRefusals(
      this.deps.db,
      batch.filter((row) => row.isBulk),
    );
    let next = 0;
    let sent = 0;
    const worker = async () => {
      while (next < batch.length) {
        const row = batch[next++] as OutboxRow;
        const refusal = refusals.get(row.id);
        if (refusal) await this.settle(row, { status: "skipped", error: refusal });
        else if (await this.sendOne(row)) sent++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.transport.connections, batch.length) }, worker));
    this.deps.changes.changed(OUTBOX_TOPIC, NEWSLETTER_TOPIC);
    return sent;
  }

  private async sendOne(row: OutboxRow): Promise<boolean> {
    let message: DrawnMessage;
    try {
      message = await drawMessage({ db: this.deps.db, publicUrl: this.deps.mail.publicUrl }, row);
    } catch (error) {
      this.options.log.error({ err: error, messageId: row.id }, "could not draw a message");
      await this.settle(row, { status: "failed", error: "The message could not be drawn." });
      return false;
    }
    await this.pace.take();
    const outcome = await this.transport.send({
      messageId: messageIdOf(row, this.deps.mail.from),
      from: this.deps.mail.from,
      to: row.toAddress,
      ...message,
    });
    if (outcome.ok) {
      await this.settle(row, { status: "sent", error: null });
      return true;
    }
    if (outcome.permanent) {
      await this.settle(row, { status: "failed", error: outcome.response });
      if (outcome.refusedRecipient) {
        await suppressAddress(this.deps, {
          address: row.toAddress,
          reason: "hard_bounce",
          source: "smtp",
          detail: outcome.response,
          messageId: row.id,
        });
      }
      return false;
    }
    const wait = RETRY_WAITS_MS[row.attempts - 1];
    if (wait === undefined) await this.settle(row, { status: "failed", error: outcome.response });
    else await this.settle(row, { status: "queued", error: outcome.response, retryInMs: wait });
    return false;
  }

  /** Records how the attempt ended, if the claim is still this sender's. */
  private async settle(
    row: OutboxRow,
    outcome: { status: "sent" | "failed" | "skipped" | "queued"; error: string | null; retryInMs?: number },
  ): Promise<void> {
    await this.deps.db.execute(sql`
      update ${mailOutbox} set
        status = ${outcome.status},
        last_error = ${outcome.error},
        lease_until = null,
        sent_at = ${outcome.status === "sent" ? sql`now()` : sql`sent_at`},
        next_attempt_at = ${
          outcome.retryInMs === undefined
            ? sql`next_attempt_at`
            : sql`now() + ${`${outcome.retryInMs} milliseconds`}::interval`
        }
      where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
  }

  /** Issues with nothing left to send are sent. */
  private async finishIssues(): Promise<void> {
    const finished = await queryRows<{ id: string }>(
      this.deps.db,
      sql`
        update ${newsletterIssues} i set status = 'sent', finished_at = now(), updated_at = now()
        where i.status = 'sending' and not exists (
          select 1 from ${mailOutbox} o where o.issue_id = i.id and o.status in ('queued', 'sending'))
        returning i.id`,
    );
    if (finished.length > 0) this.deps.changes.changed(NEWSLETTER_TOPIC);
  }
}
