// Accounts of the embedded OpenID provider: people who sign in with an email and a password.
// Their `id` is the subject (`sub`) the provider issues; the platform's `users` row is created
// from the tokens, like for any other provider.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import type { FieldErrors } from "@litverse/shared/errors";
import { DISPLAY_NAME_MAX_LENGTH } from "@litverse/shared/people";
import { invisibleTextMessage, isVisibleText } from "@litverse/shared/visible-text";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { accounts } from "../schema.ts";

export interface Account {
  id: string;
  email: string;
  displayName: string;
  /** When the person followed a link we sent to `email`; null until then. */
  emailVerifiedAt: Date | null;
}

export interface NewAccountInput {
  email: string;
  displayName: string;
  password: string;
}

// ---------------------------------------------------------------------------------------------
// Password rules, shared by the register page (which lists them) and validation.

export const PASSWORD_MIN_LENGTH = 10;
/** From this length a password needs no mix of character classes (a passphrase). */
export const PASSWORD_PASSPHRASE_LENGTH = 16;
/** Generous, but bounded: nobody types more, and it caps the work one request can cause. */
export const PASSWORD_MAX_LENGTH = 256;
/** Shorter local parts ("jo@…") would forbid too many ordinary passwords to be worth checking. */
const MIN_LOCAL_PART_TO_CHECK = 3;

/** The rules in words, as the register page shows them. */
export function describePasswordRules(): string[] {
  return [
    `At least ${PASSWORD_MIN_LENGTH} characters.`,
    `At least three of: lowercase letters, uppercase letters, digits, symbols (or ${PASSWORD_PASSPHRASE_LENGTH} characters or more).`,
    "Must not contain the part of your email address before the @.",
  ];
}

const CHARACTER_CLASSES = [/[\p{Ll}\p{Lo}]/u, /[\p{Lu}\p{Lt}]/u, /\p{N}/u, /[^\p{L}\p{N}]/u];

/** What is wrong with `password` for an account with this email: empty when it is acceptable. */
export function passwordProblems(password: string, email = ""): string[] {
  const normalized = normalizePassword(password);
  const length = [...normalized].length;
  const problems: string[] = [];
  if (length < PASSWORD_MIN_LENGTH) problems.push(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (length > PASSWORD_MAX_LENGTH) problems.push(`Use at most ${PASSWORD_MAX_LENGTH} characters.`);
  const classes = CHARACTER_CLASSES.filter((pattern) => pattern.test(normalized)).length;
  if (classes < 3 && length < PASSWORD_PASSPHRASE_LENGTH) {
    problems.push(
      `Mix at least three of lowercase, uppercase, digits and symbols, or use ${PASSWORD_PASSPHRASE_LENGTH} characters or more.`,
    );
  }
  const localPart = email.trim().toLowerCase().split("@")[0] ?? "";
  if (localPart.length >= MIN_LOCAL_PART_TO_CHECK && normalized.toLowerCase().includes(localPart)) {
    problems.push("Do not include your email address in the password.");
  }
  return problems;
}

/** The same password typed on different keyboards or systems must hash the same (NIST 800-63B). */
function normalizePassword(password: string): string {
  return password.normalize("NFKC");
}

// ---------------------------------------------------------------------------------------------
// Input validation

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address.")
  .max(254, "Use at most 254 characters.")
  .pipe(z.email("Enter a valid email address."));

const displayNameSchema = z
  .string()
  .trim()
  .min(1, "Enter a display name.")
  .refine(
    (name) => [...name].length <= DISPLAY_NAME_MAX_LENGTH,
    `Use at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  )
  // Others see this name until the person chooses another one.
  .refine(isVisibleText, `${invisibleTextMessage("A display name")}.`);

/** Normalizes an email the way accounts store it (trimmed, lowercase), or null if invalid. */
export function normalizeEmail(email: unknown): string | null {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? parsed.data : null;
}

/** Thrown by `createAccount` for unacceptable input; `fieldErrors` is keyed by input field. */
export class AccountInputError extends AppError {
  readonly fieldErrors: FieldErrors;

  constructor(fieldErrors: FieldErrors) {
    const first = Object.values(fieldErrors).find((messages) => messages?.length)?.[0];
    super("BAD_REQUEST", first ?? "The account details are not valid.");
    this.name = "AccountInputError";
    this.fieldErrors = fieldErrors;
  }
}

export const DUPLICATE_EMAIL_MESSAGE = "An account with this email already exists.";

/** Validates every field at once, so that a form can show all its problems together. */
export function parseNewAccount(
  input: Partial<Record<keyof NewAccountInput, unknown>>,
  options: { skipPasswordRules?: boolean } = {},
): { ok: true; value: NewAccountInput } | { ok: false; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  const email = emailSchema.safeParse(input.email ?? "");
  if (!email.success) fieldErrors.email = email.error.issues.map((issue) => issue.message);
  const displayName = displayNameSchema.safeParse(input.displayName ?? "");
  if (!displayName.success) fieldErrors.displayName = displayName.error.issues.map((issue) => issue.message);

  const password = typeof input.password === "string" ? input.password : "";
  const passwordErrors = checkPassword(
    password,
    email.success ? email.data : String(input.email ?? ""),
    options,
  );
  if (passwordErrors.length > 0) fieldErrors.password = passwordErrors;

  if (!email.success || !displayName.success || passwordErrors.length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { email: email.data, displayName: displayName.data, password } };
}

/** What is wrong with a new password (sign-up, reset) for this email, as the forms say it; empty when none. */
export function newPasswordProblems(password: string, email: string): string[] {
  return checkPassword(password, email, {});
}

function checkPassword(password: string, email: string, options: { skipPasswordRules?: boolean }): string[] {
  if (password.length === 0) return ["Enter a password."];
  if (!options.skipPasswordRules) return passwordProblems(password, email);
  // Even the seed's passwords stay within the length bound.
  return [...password].length > PASSWORD_MAX_LENGTH ? [`Use at most ${PASSWORD_MAX_LENGTH} characters.`] : [];
}

// ---------------------------------------------------------------------------------------------
// Hashing: scrypt, N=2^15 r=8 p=1 (about 32 MiB and a few tens of milliseconds per hash).

const SCRYPT = { N: 32_768, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds for parameters read back from stored hashes, so a corrupted row cannot stall us. */
const MAX_STORED_N = 1 << 20;

function scryptAsync(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  // scrypt needs 128·N·r bytes; Node's default limit (32 MiB) is exactly that for N=2^15, r=8,
  // and the check is exclusive, so the limit is raised with headroom.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(normalizePassword(password), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$<salt>$<hash>`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, SCRYPT);
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

/** Whether `password` matches a stored hash; false for anything malformed. */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || rest.length > 0 || !saltText || !hashText) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const validParams =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= MAX_STORED_N &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 16;
  if (!validParams) return false;
  const expected = Buffer.from(hashText, "base64url");
  if (expected.length !== KEY_BYTES) return false;
  const actual = await scryptAsync(password, Buffer.from(saltText, "base64url"), params);
  return timingSafeEqual(actual, expected);
}

// A hash to compare against when the email is unknown, so that a wrong email takes as long as a
// wrong password and response times do not tell which emails have accounts.
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(18).toString("base64url"));
  return decoyHash;
}

// ---------------------------------------------------------------------------------------------
// Storage

const accountColumns = {
  id: accounts.id,
  email: accounts.email,
  displayName: accounts.displayName,
  emailVerifiedAt: accounts.emailVerifiedAt,
};

/**
 * Creates an account. Throws `AccountInputError` (BAD_REQUEST, with field errors) for invalid
 * input and `AppError("CONFLICT")` when the email is taken. `skipPasswordRules` is for the demo
 * seed only, whose documented password is deliberately simple.
 */
export async function createAccount(
  db: Executor,
  input: NewAccountInput,
  options: { skipPasswordRules?: boolean } = {},
): Promise<Account> {
  const parsed = parseNewAccount(input, options);
  if (!parsed.ok) throw new AccountInputError(parsed.fieldErrors);
  const { email, displayName, password } = parsed.value;
  const passwordHash = await hashPassword(password);
  // The unique index on lower(email) decides races between two sign-ups with one address.
  const [row] = await db
    .insert(accounts)
    .values({ email, displayName, passwordHash })
    .onConflictDoNothing()
    .returning(accountColumns);
  if (!row) throw new AppError("CONFLICT", DUPLICATE_EMAIL_MESSAGE);
  return row;
}

/** The account with this email and password, or null; as slow for unknown emails as for known. */
export async function verifyPassword(db: Executor, email: string, password: string): Promise<Account | null> {
  const normalized = normalizeEmail(email);
  if (!normalized || typeof password !== "string" || password.length > PASSWORD_MAX_LENGTH * 4) {
    await passwordMatches("", await decoy());
    return null;
  }
  const [row] = await db
    .select({ ...accountColumns, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${normalized}`)
    .limit(1);
  if (!row) {
    await passwordMatches(password, await decoy());
    return null;
  }
  if (!(await passwordMatches(password, row.passwordHash))) return null;
  return { id: row.id, email: row.email, displayName: row.displayName, emailVerifiedAt: row.emailVerifiedAt };
}

/** What a disabled password is stored as: no password matches it. */
const DISABLED_PASSWORD = "disabled";

/**
 * Disables the password of each of these accounts whose password is `published` (the demo
 * accounts' documented one), so that nobody signs in with it; returns their emails. The accounts
 * and their data stay.
 */
export async function disablePublishedPasswords(
  db: Executor,
  emails: readonly string[],
  published: string,
): Promise<string[]> {
  const disabled: string[] = [];
  for (const email of emails) {
    const [row] = await db
      .select({ id: accounts.id, passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(sql`lower(${accounts.email}) = ${email.toLowerCase()}`);
    if (!row || !(await passwordMatches(published, row.passwordHash))) continue;
    await db.update(accounts).set({ passwordHash: DISABLED_PASSWORD }).where(eq(accounts.id, row.id));
    disabled.push(email);
  }
  return disabled;
}

const uuidSchema = z.uuid();

/** The account with this id (subject), or null; ids that are not UUIDs simply do not exist. */
export async function findAccount(db: Executor, id: string): Promise<Account | null> {
  if (!uuidSchema.safeParse(id).success) return null;
  const [row] = await db.select(accountColumns).from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
}

/** The account with this email (any case), or null. */
export async function findAccountByEmail(db: Executor, email: string): Promise<Account | null> {
  const normalized = normalizeEmail(email);
  if (!normalized) return null;
  const [row] = await db
    .select(accountColumns)
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${normalized}`)
    .limit(1);
  return row ?? null;
}
