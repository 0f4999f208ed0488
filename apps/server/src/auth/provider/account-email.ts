// Links mailed to the embedded provider's accounts, and what following them does: choosing a new
// password, and confirming an address (the one signed up with, or the one the account moves to).
//
// A link carries a random token (32 bytes, base64url). Only its SHA-256 is stored, in
// `account_tokens`, with what it is for, the address it went to, when it expires and when it was
// used. Showing a link's page never uses it (mail scanners open links): only the page's form does,
// once. The messages themselves are queued in the transaction that makes the token, and sent by
// the mail module.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { Database, Executor } from "../../core/db/client.ts";
import { AppError, databaseErrorCode } from "../../core/errors.ts";
import type { LimiterStore } from "../../core/limits/limiter-store.ts";
import { RateLimitError } from "../../core/limits/rate-limits.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { queueMail } from "../../modules/mail/index.ts";
import { sessionsEndedTopic } from "../../modules/users/account-standing.ts";
import { users } from "../../modules/users/schema.ts";
import { ACCOUNTS_TOPIC, userTopic } from "../../modules/users/topics.ts";
import { EMBEDDED_ISSUER_KEY } from "../identity.ts";
import { type ACCOUNT_TOKEN_PURPOSES, accounts, accountTokens } from "../schema.ts";
import { endAccountSessions } from "./account-sessions.ts";
import {
  type Account,
  findAccount,
  findAccountByEmail,
  hashPassword,
  newPasswordProblems,
  normalizeEmail,
  verifyPassword,
} from "./accounts.ts";
import { checkSignInAllowed, clearEmailFailures, minutesUntil, recordSignInFailure } from "./throttle.ts";

export const RESET_LINK_TTL_MS = 60 * 60_000;
export const VERIFY_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
/** Password reset requests per typed address, and per client address, within an hour. */
export const RESET_REQUESTS_PER_ADDRESS = 5;
export const RESET_REQUESTS_PER_CLIENT = 20;
/** Verification links one person may ask for (again, or for a new address) within an hour. */
export const LINKS_PER_PERSON_PER_HOUR = 3;
const HOUR_SECONDS = 3_600;

const UNIQUE_VIOLATION = "23505";

export const TAKEN_ADDRESS_MESSAGE = "That address belongs to another account.";
export const SAME_ADDRESS_MESSAGE = "That is your address already.";
export const ALREADY_CONFIRMED_MESSAGE = "Your address is confirmed already.";
export const EXTERNAL_PROVIDER_MESSAGE = "Your sign-in provider confirms your address.";
export const EXTERNAL_PROVIDER_CHANGE_MESSAGE =
  "Your sign-in provider manages your address: change it there.";
export const WRONG_PASSWORD_MESSAGE = "Incorrect password.";
export const PASSWORDS_DIFFER_MESSAGE = "The two passwords are not the same.";

type Purpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];
export type AccountPage = "forgot-password" | "reset-password" | "verify-email";

/** What writing a link and its message needs: the database, and the change bus that wakes the sender. */
export type LinkDeps = Pick<ServiceDeps, "db" | "changes">;

/** The embedded issuer as people reach it: `{PUBLIC_URL}/oidc` (core/config.ts). */
const embeddedIssuerOf = (deps: Pick<ServiceDeps, "mail">) => `${deps.mail.publicUrl}/oidc`;

/** An account page under the issuer (`{origin}/oidc`), with the link's token when it has one. */
export function accountPageUrl(issuer: string, page: AccountPage, token?: string): string {
  return `${issuer}/account/${page}${token === undefined ? "" : `?token=${encodeURIComponent(token)}`}`;
}

// ---------------------------------------------------------------------------------------------
// Tokens

const TOKEN_BYTES = 32;
/** 32 bytes in base64url, without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

async function issueToken(
  tx: Executor,
  link: { accountId: string; purpose: Purpose; email: string; ttlMs: number },
): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  await tx.insert(accountTokens).values({
    accountId: link.accountId,
    purpose: link.purpose,
    email: link.email.toLowerCase(),
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + link.ttlMs),
  });
  return token;
}

export interface UsableToken {
  id: string;
  accountId: string;
  /** The address the link went to. */
  email: string;
}

/**
 * The token's row when it may still be used (this purpose, unused, unexpired), else null. Never
 * uses it; `lock` holds the row until the caller's transaction ends.
 */
export async function findUsableToken(
  db: Executor,
  purpose: Purpose,
  token: unknown,
  options: { lock?: boolean } = {},
): Promise<UsableToken | null> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  const query = db
    .select({ id: accountTokens.id, accountId: accountTokens.accountId, email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    );
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Marks unused tokens of the account used: this purpose's, or only those sent to `email`. */
async function useTokens(tx: Executor, accountId: string, purpose: Purpose, email?: string): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.accountId, accountId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        email === undefined ? undefined : sql`lower(${accountTokens.email}) = ${email.toLowerCase()}`,
      ),
    );
}

/** The platform's user (its `users` row) of this account, if the person has used the app yet. */
async function userIdOf(db: Executor, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.subject, accountId)));
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Password reset

/** How many reset requests an address and a client may make, counted in the platform's store like sign-ups. */
export class ResetRequestLimits {
  private readonly perAddress: RateLimiterAbstract;
  private readonly perClient: RateLimiterAbstract;

  constructor(store: LimiterStore) {
    this.perAddress = store.limiter({
      keyPrefix: "reset-address",
      points: RESET_REQUESTS_PER_ADDRESS,
      duration: HOUR_SECONDS,
    });
    this.perClient = store.limiter({
      keyPrefix: "reset-client",
      points: RESET_REQUESTS_PER_CLIENT,
      duration: HOUR_SECONDS,
    });
  }

  /**
   * Spends one request of the typed address (whether or not an account has it) and of the client;
   * returns null when both had one left, else the seconds until one is.
   */
  async consume(email: string, ip: string): Promise<number | null> {
    try {
      await this.perClient.consume(ip.slice(0, 64));
      await this.perAddress.consume(email.trim().toLowerCase().slice(0, 320));
      return null;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return Math.max(1, Math.ceil(rejection.msBeforeNext / 1_000));
    }
  }
}

/**
 * Mails a link to choose a new password to the account with this address, if there is one;
 * nothing happens otherwise, and the caller says the same either way.
 */
export async function requestPasswordReset(deps: LinkDeps, issuer: string, email: string): Promise<void> {
  const account = await findAccountByEmail(deps.db, email);
  if (!account) return;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const token = await issueToken(tx, {
      accountId: account.id,
      purpose: "reset_password",
      email: account.email,
      ttlMs: RESET_LINK_TTL_MS,
    });
    await queueMail(deps, tx, {
      kind: "password_reset",
      to: account.email,
      userId: await userIdOf(tx, account.id),
      params: { name: account.displayName, resetUrl: accountPageUrl(issuer, "reset-password", token) },
    });
  });
}

/** The account a usable reset link is for, to show its form; null when the link is no good. */
export async function resetLinkAccount(db: Executor, token: unknown): Promise<Account | null> {
  const found = await findUsableToken(db, "reset_password", token);
  return found ? findAccount(db, found.accountId) : null;
}

export type ResetOutcome =
  | { kind: "expired" }
  | { kind: "invalid"; email: string; fieldErrors: Record<string, string[]> }
  | { kind: "done" };

/**
 * Sets the new password through a reset link, and with it, in one transaction: uses up every reset
 * link of the account, forgets its sign-in failures, and ends all its sessions (the provider's and
 * the app's), since whoever knew the old password may be signed in.
 */
export async function resetPassword(
  deps: LinkDeps,
  input: { token: unknown; password: string; passwordRepeat: string },
): Promise<ResetOutcome> {
  const account = await resetLinkAccount(deps.db, input.token);
  if (!account) return { kind: "expired" };
  const fieldErrors: Record<string, string[]> = {};
  const problems = newPasswordProblems(input.password, account.email);
  if (problems.length > 0) fieldErrors.password = problems;
  else if (input.passwordRepeat !== input.password) fieldErrors.passwordRepeat = [PASSWORDS_DIFFER_MESSAGE];
  if (Object.keys(fieldErrors).length > 0) return { kind: "invalid", email: account.email, fieldErrors };

  // Hashed before the transaction: it takes tens of milliseconds and needs no row.
  const passwordHash = await hashPassword(input.password);
  return deps.changes.inTransaction(deps.db, async (tx) => {
    // Whoever posts the same link at the same moment finds it used.
    const token = await findUsableToken(tx, "reset_password", input.token, { lock: true });
    if (!token || token.accountId !== account.id) return { kind: "expired" as const };
    await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, account.id));
    await useTokens(tx, account.id, "reset_password");
    await clearEmailFailures(tx, account.email);
    await endAccountSessions(tx, account.id);
    await endAppSessions(deps, tx, account.id);
    return { kind: "done" as const };
  });
}

/** Refuses the account's access tokens issued until now, as "sign out everywhere" does. */
async function endAppSessions(deps: LinkDeps, tx: Executor, accountId: string): Promise<void> {
  const rows = await tx
    .update(users)
    .set({ sessionsEndedAt: new Date() })
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.subject, accountId)))
    .returning({ id: users.id });
  for (const row of rows) {
    deps.changes.changed(
      userTopic(row.id),
      ACCOUNTS_TOPIC,
      sessionsEndedTopic(EMBEDDED_ISSUER_KEY, accountId),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Confirming an address

async function queueVerification(
  deps: LinkDeps,
  tx: Executor,
  issuer: string,
  link: { account: Account; email: string; userId: string | null },
): Promise<void> {
  const token = await issueToken(tx, {
    accountId: link.account.id,
    purpose: "verify_email",
    email: link.email,
    ttlMs: VERIFY_LINK_TTL_MS,
  });
  await queueMail(deps, tx, {
    kind: "verify_email",
    to: link.email,
    userId: link.userId,
    params: {
      name: link.account.displayName,
      verifyUrl: accountPageUrl(issuer, "verify-email", token),
      isChange: link.email.toLowerCase() !== link.account.email.toLowerCase(),
    },
  });
}

/** After a sign-up: mails the new account a link to confirm its address. */
export async function sendSignUpVerification(
  deps: LinkDeps,
  issuer: string,
  account: Account,
): Promise<void> {
  await deps.changes.inTransaction(deps.db, (tx) =>
    queueVerification(deps, tx, issuer, { account, email: account.email, userId: null }),
  );
}

/** What a usable confirmation link is for, to show its page; null when the link is no good. */
export async function verifyLinkDetails(
  db: Executor,
  token: unknown,
): Promise<{ email: string; isChange: boolean } | null> {
  const found = await findUsableToken(db, "verify_email", token);
  const account = found ? await findAccount(db, found.accountId) : null;
  if (!found || !account) return null;
  return { email: found.email, isChange: found.email !== account.email.toLowerCase() };
}

export type ConfirmOutcome = { kind: "expired" } | { kind: "taken" } | { kind: "done"; email: string };

/**
 * Confirms the address a link went to. When it is not the account's (an address change), the
 * account moves to it, if no other account has it, and the old address is told. The account and
 * the app's user of it both note the address as confirmed.
 */
export async function confirmEmail(deps: LinkDeps, token: unknown): Promise<ConfirmOutcome> {
  try {
    return await deps.changes.inTransaction(deps.db, (tx) => confirmIn(deps, tx, token));
  } catch (error) {
    // Another account took the address between the check and the update.
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) return { kind: "taken" };
    throw error;
  }
}

async function confirmIn(deps: LinkDeps, tx: Executor, token: unknown): Promise<ConfirmOutcome> {
  const found = await findUsableToken(tx, "verify_email", token, { lock: true });
  if (!found) return { kind: "expired" };
  const [account] = await tx
    .select({
      id: accounts.id,
      email: accounts.email,
      displayName: accounts.displayName,
      emailVerifiedAt: accounts.emailVerifiedAt,
    })
    .from(accounts)
    .where(eq(accounts.id, found.accountId))
    .for("update");
  if (!account) return { kind: "expired" };
  const email = found.email.toLowerCase();
  const isChange = email !== account.email.toLowerCase();
  if (isChange) {
    const [other] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(sql`lower(${accounts.email}) = ${email}`, ne(accounts.id, account.id)))
      .limit(1);
    if (other) return { kind: "taken" };
  }
  const verifiedAt = isChange ? new Date() : (account.emailVerifiedAt ?? new Date());
  await tx.update(accounts).set({ email, emailVerifiedAt: verifiedAt }).where(eq(accounts.id, account.id));
  // A move uses up every other pending link (older moves, the old address's confirmations, the
  // password resets mailed there), so none acts on the account from elsewhere; a plain
  // confirmation only the other links to this address.
  await useTokens(tx, account.id, "verify_email", isChange ? undefined : email);
  if (isChange) await useTokens(tx, account.id, "reset_password");

  const userId = await userIdOf(tx, account.id);
  if (isChange) {
    await queueMail(deps, tx, {
      kind: "email_changed",
      to: account.email,
      userId,
      params: { name: account.displayName, newAddress: email },
    });
  }
  if (userId) {
    await tx.update(users).set({ email, emailVerifiedAt: verifiedAt }).where(eq(users.id, userId));
    deps.changes.changed(userTopic(userId), ACCOUNTS_TOPIC);
  }
  return { kind: "done", email };
}

// ---------------------------------------------------------------------------------------------
// For the app: a signed-in person's address

/** The embedded account behind this user, or null when they sign in with another provider. */
export async function isEmbeddedUser(db: Executor, userId: string): Promise<{ accountId: string } | null> {
  const [row] = await db
    .select({ issuer: users.issuer, subject: users.subject })
    .from(users)
    .where(eq(users.id, userId));
  return row?.issuer === EMBEDDED_ISSUER_KEY ? { accountId: row.subject } : null;
}

/** The address the account is moving to: the newest usable confirmation link's, if not the account's own. */
export async function pendingEmailChange(db: Executor, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .innerJoin(accounts, eq(accounts.id, accountTokens.accountId))
    .where(
      and(
        eq(accountTokens.accountId, accountId),
        eq(accountTokens.purpose, "verify_email"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
        sql`lower(${accountTokens.email}) <> lower(${accounts.email})`,
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

interface LinkLimiters {
  resend: RateLimiterAbstract;
  change: RateLimiterAbstract;
}

/**
 * Each platform's limiters of links asked for, made once per store: a limiter made per call would
 * count nothing in memory, where each limiter counts on its own.
 */
const linkLimiters = new WeakMap<LimiterStore, LinkLimiters>();

function linkLimitersOf(store: LimiterStore): LinkLimiters {
  let limiters = linkLimiters.get(store);
  if (!limiters) {
    const budget = { points: LINKS_PER_PERSON_PER_HOUR, duration: HOUR_SECONDS };
    limiters = {
      resend: store.limiter({ keyPrefix: "verify-resend", ...budget }),
      change: store.limiter({ keyPrefix: "email-change", ...budget }),
    };
    linkLimiters.set(store, limiters);
  }
  return limiters;
}

async function spendLink(deps: ServiceDeps, link: keyof LinkLimiters, userId: string): Promise<void> {
  try {
    await linkLimitersOf(deps.limiters)[link].consume(userId);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1_000));
    const minutes = Math.ceil(seconds / 60);
    throw new RateLimitError(
      `You asked for ${LINKS_PER_PERSON_PER_HOUR} links in the last hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      seconds,
    );
  }
}

/** The person's embedded account, or BAD_REQUEST with `otherwise` for another provider's users. */
async function embeddedAccountOf(db: Database, user: SessionUser, otherwise: string): Promise<Account> {
  const embedded = await isEmbeddedUser(db, user.id);
  const account = embedded ? await findAccount(db, embedded.accountId) : null;
  if (!account) throw new AppError("BAD_REQUEST", otherwise);
  return account;
}

/** Mails the person's unconfirmed address a new confirmation link. */
export async function resendVerification(deps: ServiceDeps, user: SessionUser): Promise<{ sentTo: string }> {
  const account = await embeddedAccountOf(deps.db, user, EXTERNAL_PROVIDER_MESSAGE);
  if (account.emailVerifiedAt) throw new AppError("BAD_REQUEST", ALREADY_CONFIRMED_MESSAGE);
  await spendLink(deps, "resend", user.id);
  await deps.changes.inTransaction(deps.db, (tx) =>
    queueVerification(deps, tx, embeddedIssuerOf(deps), { account, email: account.email, userId: user.id }),
  );
  return { sentTo: account.email };
}

/**
 * Starts moving the person's account to another address: with their password, a confirmation link
 * goes to the new address; the account keeps its address until it is followed. Wrong passwords
 * count like failed sign-ins (per person, as the app's calls carry no client address here).
 */
export async function requestEmailChange(
  deps: ServiceDeps,
  user: SessionUser,
  input: { email: string; password: string },
): Promise<{ pendingAddress: string }> {
  const account = await embeddedAccountOf(deps.db, user, EXTERNAL_PROVIDER_CHANGE_MESSAGE);
  const email = normalizeEmail(input.email);
  if (!email) throw new AppError("BAD_REQUEST", "Enter a valid email address.");
  if (email === account.email.toLowerCase()) throw new AppError("BAD_REQUEST", SAME_ADDRESS_MESSAGE);

  const attempt = { email: account.email, ip: `user:${user.id}` };
  const decision = await checkSignInAllowed(deps.db, attempt);
  if (!decision.allowed) {
    const minutes = minutesUntil(decision.retryAt);
    throw new RateLimitError(
      `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      Math.max(1, Math.ceil((decision.retryAt.getTime() - Date.now()) / 1000)),
    );
  }
  if (!(await verifyPassword(deps.db, account.email, input.password))) {
    await recordSignInFailure(deps.db, attempt);
    throw new AppError("BAD_REQUEST", WRONG_PASSWORD_MESSAGE);
  }
  if (await findAccountByEmail(deps.db, email)) throw new AppError("CONFLICT", TAKEN_ADDRESS_MESSAGE);
  await spendLink(deps, "change", user.id);
  await deps.changes.inTransaction(deps.db, (tx) =>
    queueVerification(deps, tx, embeddedIssuerOf(deps), { account, email, userId: user.id }),
  );
  return { pendingAddress: email };
}
