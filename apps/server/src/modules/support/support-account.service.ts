// The side panel beside a ticket: the person's wallet, payments, unlocks and subscription, and what
// an agent can do about them from there. Each action goes through the service that owns it (the
// one settle path for payments, the refund, the ledger) and is recorded on the ticket.
import { formatPrice } from "@litverse/shared/payments";
import { type RequesterAccount, ticketLabel } from "@litverse/shared/support";
import type {
  compensationInput,
  ticketPaymentInput,
  ticketRefundInput,
} from "@litverse/shared/support-inputs";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { coinsDescription, creditCoins, getCoinBalance, getWallet } from "../coins/index.ts";
import { adminListPayments, paymentSnapshot, refundPayment, settlePayment } from "../payments/index.ts";
import { payments } from "../payments/schema.ts";
import { peopleByIds } from "../profiles/index.ts";
import { getMySubscription } from "../subscriptions/index.ts";
import { adminListUnlocks } from "../unlocks/index.ts";
import { users } from "../users/schema.ts";
import { addMessage, loadTicket, type TicketRow, ticketTopic } from "./ticket-store.ts";

/** Payments and unlocks shown beside a ticket. */
const SHOWN = 10;

export async function getRequesterAccount(deps: ServiceDeps, ticketId: string): Promise<RequesterAccount> {
  const ticket = await loadTicket(deps.db, ticketId);
  const [person] = await deps.db
    .select({ id: users.id, role: users.role, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, ticket.userId));
  if (!person) throw new AppError("NOT_FOUND", "The person who asked is gone.");
  const owner: SessionUser = { id: person.id, role: person.role };
  const [summary, balance, wallet, paid, unlocked, subscription] = await Promise.all([
    peopleByIds(deps.db, [person.id]),
    getCoinBalance(deps, owner),
    getWallet(deps, owner, null),
    adminListPayments(deps, { userId: person.id }),
    adminListUnlocks(deps, { userId: person.id }),
    getMySubscription(deps, owner),
  ]);
  const personSummary = summary.get(person.id);
  if (!personSummary) throw new AppError("NOT_FOUND", "The person who asked is gone.");
  return {
    person: personSummary,
    email: person.email,
    joinedAt: person.createdAt.toISOString(),
    balance,
    bonusLots: wallet.bonusLots,
    payments: paid.items.slice(0, SHOWN),
    unlocks: unlocked.items.slice(0, SHOWN),
    subscription,
  };
}

/** One of the ticket's person's payments; anyone else's is refused. */
async function requesterPayment(deps: ServiceDeps, ticket: TicketRow, paymentId: string) {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, ticket.userId)));
  if (!payment) throw new AppError("NOT_FOUND", "That payment is not one of this person's.");
  return payment;
}

async function recordEvent(deps: ServiceDeps, agent: SessionUser, ticket: TicketRow, body: string) {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await addMessage(tx, { ticketId: ticket.id, authorId: agent.id, kind: "event", fromAgent: true, body });
    deps.changes.changed(ticketTopic(ticket.id));
  });
}

/**
 * Asks the payment's provider again, through the one settle path: a payment the provider says is
 * paid is credited (once, however often this runs). Returns the status it then has.
 */
export async function recheckTicketPayment(
  deps: ServiceDeps,
  agent: SessionUser,
  input: z.output<typeof ticketPaymentInput>,
): Promise<{ status: string; credited: boolean }> {
  const ticket = await loadTicket(deps.db, input.ticketId);
  const before = await requesterPayment(deps, ticket, input.paymentId);
  const settled = await settlePayment(deps, before.id);
  // Another path may have settled it at the same moment: report it as it now stands.
  const after = await requesterPayment(deps, ticket, before.id);
  // Only the call that settled it gets it back as paid.
  const credited = before.status !== "paid" && settled.status === "paid";
  if (after.status !== before.status) {
    noteChange({
      objectType: "payment",
      objectId: before.id,
      before: paymentSnapshot(before),
      after: paymentSnapshot(after),
    });
  }
  const what =
    after.purpose === "coins" ? coinsDescription(after.coins, after.bonusCoins) : "the subscription payment";
  const price = formatPrice(after.amountMinor, after.currency);
  await recordEvent(
    deps,
    agent,
    ticket,
    credited
      ? `Re-checked the payment of ${price} with ${after.provider}: paid. ${after.purpose === "coins" ? `Credited ${what}.` : "The subscription started."}`
      : `Re-checked the payment of ${price} with ${after.provider}: ${after.status}${after.failureReason ? ` (${after.failureReason})` : ""}.`,
  );
  return { status: after.status, credited };
}

export async function refundTicketPayment(
  deps: ServiceDeps,
  agent: SessionUser,
  input: z.output<typeof ticketRefundInput>,
): Promise<void> {
  const ticket = await loadTicket(deps.db, input.ticketId);
  const payment = await requesterPayment(deps, ticket, input.paymentId);
  await refundPayment(deps, agent, {
    paymentId: payment.id,
    reason: `${input.reason} (ticket ${ticketLabel(ticket.number)})`,
  });
  await recordEvent(
    deps,
    agent,
    ticket,
    `Refunded the payment of ${formatPrice(payment.amountMinor, payment.currency)}: ${input.reason}`,
  );
}

/** Bonus coins for the trouble, granted once per request however often it is sent. */
export async function grantCompensation(
  deps: ServiceDeps,
  agent: SessionUser,
  input: z.output<typeof compensationInput>,
): Promise<{ granted: boolean }> {
  const ticket = await loadTicket(deps.db, input.ticketId);
  const entry = await deps.changes.inTransaction(deps.db, async (tx) => {
    const credit = await creditCoins(deps, tx, ticket.userId, {
      kind: "grant",
      bonus: input.coins,
      memo: `Compensation from support (ticket ${ticketLabel(ticket.number)})`,
      idempotencyKey: `support:${ticket.id}:${input.requestId}`,
      createdBy: agent.id,
    });
    if (credit) {
      noteChange({
        objectType: "coin-grant",
        objectId: credit.id,
        before: null,
        after: { userId: ticket.userId, ticketId: ticket.id, bonusCoins: input.coins, memo: credit.memo },
      });
      await addMessage(tx, {
        ticketId: ticket.id,
        authorId: agent.id,
        kind: "event",
        fromAgent: true,
        body: `Granted ${input.coins} bonus coins: ${input.reason}`,
      });
      deps.changes.changed(ticketTopic(ticket.id));
    }
    return credit;
  });
  return { granted: entry !== null };
}
