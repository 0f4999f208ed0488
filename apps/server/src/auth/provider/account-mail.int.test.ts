// The account pages mail links lead to (forgot password, choose a new password, confirm an
// address), over real HTTP like a browser, and the app's functions for a person's address. The
// messages are read from the outbox, where the provider queues them.
import { createHash } from "node:crypto";
import type { MailKind } from "@litverse/shared/mail";
import { and, asc, eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox } from "../../modules/mail/schema.ts";
import { users } from "../../modules/users/schema.ts";
import { userTopic } from "../../modules/users/topics.ts";
import { syncUser } from "../../modules/users/users.service.ts";
import { createUser, openTestPlatform, refusalOf, type TestPlatform } from "../../test/test-platform.ts";
import { EMBEDDED_ISSUER_KEY, type Identity } from "../identity.ts";
import { accounts, accountTokens, oidcPayloads, signInThrottle } from "../schema.ts";
import {
  ALREADY_CONFIRMED_MESSAGE,
  EXTERNAL_PROVIDER_MESSAGE,
  isEmbeddedUser,
  LINKS_PER_PERSON_PER_HOUR,
  pendingEmailChange,
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_CLIENT,
  requestEmailChange,
  resendVerification,
  SAME_ADDRESS_MESSAGE,
  TAKEN_ADDRESS_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from "./account-email.ts";
import { type Account, createAccount, verifyPassword } from "./accounts.ts";
import { EXPIRED_LINK_MESSAGE, RESET_SENT_MESSAGE, TOO_MANY_RESET_REQUESTS } from "./interactions.ts";
import {
  authorizationRequest,
  Browser,
  codeFrom,
  decodeEntities,
  formAction,
  freePort,
  type ProviderServer,
  parseForms,
  signIn,
  startProviderServer,
  tokenRequest,
} from "./test-kit.ts";
import { recordSignInFailure } from "./throttle.ts";

const PASSWORD = "Correct-horse-9";
const NEW_PASSWORD = "Brand-new-pass-42";

let platform: TestPlatform;
let server: ProviderServer;

beforeAll(async () => {
  platform = await openTestPlatform();
  // Each test's browser comes from an address of its own (X-Forwarded-For, believed here), so the
  // per-client limits of one test do not spill into the next.
  server = await startProviderServer(platform, await freePort(), { trustProxy: true });
});

afterAll(async () => {
  await server?.close();
  await platform?.dispose();
});

beforeEach(async () => {
  await platform.deps.db.delete(signInThrottle);
});

const db = () => platform.deps.db;
let clients = 0;
/** A browser at an address no other test uses. */
const newBrowser = () => new Browser(server, { "x-forwarded-for": `198.51.100.${++clients}` });
let accountCount = 0;

async function newAccount(name = "Ada Reader"): Promise<Account> {
  accountCount++;
  return createAccount(db(), {
    email: `person${accountCount}@example.test`,
    displayName: name,
    password: PASSWORD,
  });
}

/** The app's user of an embedded account, as its first sign-in to the app stores it. */
async function userOf(account: Account): Promise<{ id: string; role: "user" }> {
  const [row] = await db()
    .insert(users)
    .values({
      issuer: EMBEDDED_ISSUER_KEY,
      subject: account.id,
      email: account.email,
      name: account.displayName,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("user not stored");
  return { id: row.id, role: "user" };
}

const accountPage = (page: string) => `${server.issuer}/account/${page}`;

const mailsTo = (address: string, kind?: MailKind) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(asc(mailOutbox.createdAt));

/** A link as this test server serves it (the app's functions make them under PUBLIC_URL). */
const onServer = (link: string) => {
  const url = new URL(link);
  return `${server.origin}${url.pathname}${url.search}`;
};

async function lastLink(address: string, kind: "password_reset" | "verify_email"): Promise<string> {
  const mails = await mailsTo(address, kind);
  const params = mails.at(-1)?.params;
  const url = kind === "password_reset" ? params?.resetUrl : params?.verifyUrl;
  if (typeof url !== "string") throw new Error(`no ${kind} mail to ${address}`);
  return url;
}

const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

async function tokenRow(link: string) {
  const hash = createHash("sha256").update(tokenOf(link)).digest("base64url");
  const [row] = await db().select().from(accountTokens).where(eq(accountTokens.tokenHash, hash));
  return row;
}

async function forgot(browser: Browser, email: string) {
  const response = await browser.post(accountPage("forgot-password"), { email });
  return { status: response.status, html: await response.text(), response };
}

/** Opens a reset link and posts its form with these passwords. */
async function reset(browser: Browser, link: string, password: string, passwordRepeat = password) {
  const page = await browser.open(link);
  const form = parseForms(page.html)[0];
  if (!form) throw new Error(`no form on the reset page:\n${page.html.slice(0, 1500)}`);
  return browser.submit(new URL(form.action, link).href, { ...form.fields, password, passwordRepeat });
}

/** Opens a confirmation link and presses Confirm; the page shown instead when there is no button. */
async function confirm(browser: Browser, link: string) {
  const page = await browser.open(onServer(link));
  const form = parseForms(page.html)[0];
  return form ? browser.submit(new URL(form.action, page.url).href, form.fields) : page;
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const browser = newBrowser();
  const request = authorizationRequest(server);
  const page = await browser.open(request.url);
  const done = await browser.submit(formAction(page.html, "login"), { email, password });
  return new URL(done.url).pathname === "/auth/callback";
}

describe("forgot password", () => {
  it("is linked from the sign-in page, and asks for the address", async () => {
    const browser = newBrowser();
    const signInPage = await browser.open(authorizationRequest(server).url);
    expect(signInPage.html).toMatch(/<a href="\/oidc\/account\/forgot-password">Forgot password\?<\/a>/);

    const page = await browser.open("/oidc/account/forgot-password");
    expect(page.status).toBe(200);
    expect(page.response.headers.get("cache-control")).toBe("no-store");
    expect(page.html).toContain('<label for="field-email">Email</label>');
    expect(page.html).toMatch(/<form method="post" action="\/oidc\/account\/forgot-password">/);
    expect(page.html).not.toMatch(/<script|\son\w+=/i);
  });

  it("answers the same for unknown and known addresses, and mails a link only to an account", async () => {
    const account = await newAccount();
    const browser = newBrowser();
    const unknown = await forgot(browser, "nobody@example.test");
    const known = await forgot(browser, account.email.toUpperCase());
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.html).toContain(RESET_SENT_MESSAGE);
    expect(RESET_SENT_MESSAGE).toBe(
      "If an account uses that address, we sent it a link to choose a new password. The link works for an hour.",
    );
    // Word for word the same page.
    expect(known.html).toBe(unknown.html);

    expect(await mailsTo("nobody@example.test")).toEqual([]);
    const [mail, ...more] = await mailsTo(account.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: "password_reset", status: "queued", params: { name: "Ada Reader" } });
    const link = String(mail?.params.resetUrl);
    expect(link).toMatch(
      new RegExp(`^${server.issuer.replaceAll(".", "\\.")}/account/reset-password\\?token=[\\w-]{43}$`),
    );

    // Only the token's hash is kept, for an hour.
    const row = await tokenRow(link);
    expect(row).toMatchObject({ accountId: account.id, purpose: "reset_password", usedAt: null });
    expect(row?.tokenHash).not.toBe(tokenOf(link));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
  });

  it("names the app's user of the account in the message, when there is one", async () => {
    const account = await newAccount();
    const user = await userOf(account);
    await forgot(newBrowser(), account.email);
    expect((await mailsTo(account.email))[0]?.userId).toBe(user.id);
  });

  it("says what is wrong with the address typed, keeping it", async () => {
    const browser = newBrowser();
    const empty = await forgot(browser, "  ");
    expect(empty.status).toBe(400);
    expect(empty.html).toContain(
      '<p class="field-error" id="field-email-error">Enter your email address.</p>',
    );
    const invalid = await forgot(browser, "not an <address>");
    expect(invalid.status).toBe(400);
    expect(invalid.html).toContain("Enter a valid email address.");
    expect(invalid.html).toContain('value="not an &lt;address&gt;"');
    expect(invalid.html).toMatch(
      /id="field-email"[^>]*aria-describedby="field-email-error"[^>]*aria-invalid="true"/,
    );
  });

  it(`allows ${RESET_REQUESTS_PER_ADDRESS} requests per address an hour, known or not`, async () => {
    const account = await newAccount();
    for (const address of [account.email, "nobody.at.all@example.test"]) {
      for (let request = 1; request <= RESET_REQUESTS_PER_ADDRESS; request++) {
        // From a new address each time: it is the typed address that is counted.
        expect((await forgot(newBrowser(), address)).status).toBe(200);
      }
      const refused = await forgot(newBrowser(), address);
      expect(refused.status).toBe(429);
      expect(refused.html).toContain(TOO_MANY_RESET_REQUESTS);
      expect(TOO_MANY_RESET_REQUESTS).toBe("Too many requests. Try again later.");
      expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(3_000);
    }
    expect(await mailsTo(account.email)).toHaveLength(RESET_REQUESTS_PER_ADDRESS);
  });

  it(`allows ${RESET_REQUESTS_PER_CLIENT} requests per client an hour`, async () => {
    const browser = newBrowser();
    for (let request = 1; request <= RESET_REQUESTS_PER_CLIENT; request++) {
      expect((await forgot(browser, `many${request}@example.test`)).status).toBe(200);
    }
    const refused = await forgot(browser, "one.more@example.test");
    expect(refused.status).toBe(429);
    expect(refused.html).toContain(TOO_MANY_RESET_REQUESTS);
    // Another client is not held back.
    expect((await forgot(newBrowser(), "one.more@example.test")).status).toBe(200);
  });

  it("refuses the form posted from another origin", async () => {
    const account = await newAccount();
    const response = await newBrowser().post(
      accountPage("forgot-password"),
      { email: account.email },
      { origin: "http://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(await mailsTo(account.email)).toEqual([]);
  });
});

describe("reset password", () => {
  it("sets the new password through the mailed link: the new one signs in, the old one no more", async () => {
    const account = await newAccount();
    const browser = newBrowser();
    await forgot(browser, account.email);
    const link = await lastLink(account.email, "password_reset");

    const page = await browser.open(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<label for="field-password">New password</label>');
    expect(page.html).toContain('<label for="field-passwordRepeat">Repeat the new password</label>');
    expect(page.html).toContain(account.email);
    expect(page.html).not.toMatch(/<script|\son\w+=/i);

    const done = await reset(browser, link, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(done.html).toContain("Your password is changed");
    expect(done.html).toMatch(/<a class="button" href="http:\/\/127\.0\.0\.1:\d+\/">Sign in<\/a>/);

    expect(await canSignIn(account.email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(account.email, PASSWORD)).toBe(false);
  });

  it("does not use the link by showing its page", async () => {
    const account = await newAccount();
    await forgot(newBrowser(), account.email);
    const link = await lastLink(account.email, "password_reset");
    // A mail scanner opens the link, twice.
    for (const _ of [1, 2]) expect((await new Browser(server).open(link)).status).toBe(200);
    expect((await tokenRow(link))?.usedAt).toBeNull();
    // In another browser, later, the person still uses it.
    expect((await reset(newBrowser(), link, NEW_PASSWORD)).status).toBe(200);
  });

  it("works once: the same link again, or any older one, has expired", async () => {
    const account = await newAccount();
    const browser = newBrowser();
    await forgot(browser, account.email);
    const older = await lastLink(account.email, "password_reset");
    await forgot(browser, account.email);
    const link = await lastLink(account.email, "password_reset");
    expect(link).not.toBe(older);

    const page = await browser.open(link);
    const form = parseForms(page.html)[0];
    if (!form) throw new Error("no form");
    const action = new URL(form.action, link).href;
    const fields = { ...form.fields, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD };
    expect((await browser.submit(action, fields)).status).toBe(200);

    const again = await browser.submit(action, {
      ...fields,
      password: "Another-pass-77",
      passwordRepeat: "Another-pass-77",
    });
    expect(again.status).toBe(400);
    expect(again.html).toContain(EXPIRED_LINK_MESSAGE);
    expect(again.html).toMatch(
      /<a class="button" href="\/oidc\/account\/forgot-password">Ask for a new link<\/a>/,
    );
    expect((await browser.open(link)).html).toContain(EXPIRED_LINK_MESSAGE);
    expect((await browser.open(older)).html).toContain(EXPIRED_LINK_MESSAGE);
    expect(await verifyPassword(db(), account.email, NEW_PASSWORD)).not.toBeNull();
  });

  it("refuses an expired link, shown or posted", async () => {
    const account = await newAccount();
    const browser = newBrowser();
    await forgot(browser, account.email);
    const link = await lastLink(account.email, "password_reset");
    const page = await browser.open(link);
    const form = parseForms(page.html)[0];
    if (!form) throw new Error("no form");

    await db()
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.accountId, account.id));
    const shown = await browser.open(link);
    expect(shown.status).toBe(400);
    expect(shown.html).toContain(EXPIRED_LINK_MESSAGE);
    const posted = await browser.submit(new URL(form.action, link).href, {
      ...form.fields,
      password: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    });
    expect(posted.status).toBe(400);
    expect(posted.html).toContain(EXPIRED_LINK_MESSAGE);
    expect(await verifyPassword(db(), account.email, PASSWORD)).not.toBeNull();
  });

  it("refuses made-up and missing tokens", async () => {
    for (const query of ["", "?token=", `?token=${"a".repeat(43)}`, "?token=%3Cscript%3E"]) {
      const page = await newBrowser().open(`${accountPage("reset-password")}${query}`);
      expect(page.status).toBe(400);
      expect(page.html).toContain(EXPIRED_LINK_MESSAGE);
    }
  });

  it("refuses a weak password with the sign-up's words, and two different ones, changing nothing", async () => {
    const account = await newAccount();
    const browser = newBrowser();
    await forgot(browser, account.email);
    const link = await lastLink(account.email, "password_reset");

    const weak = await reset(browser, link, "password");
    expect(weak.status).toBe(400);
    expect(weak.html).toMatch(
      /<p class="field-error" id="field-password-error">Use at least 10 characters\./,
    );
    expect(weak.html).toMatch(
      /id="field-password"[^>]*aria-describedby="field-password-error field-password-hint"/,
    );
    expect(weak.html).not.toContain('value="password"');

    const withEmail = await reset(browser, link, `${account.email.split("@")[0]}-Long-9x`);
    expect(withEmail.html).toContain("Do not include your email address in the password.");

    const different = await reset(browser, link, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(different.status).toBe(400);
    expect(different.html).toContain(
      '<p class="field-error" id="field-passwordRepeat-error">The two passwords are not the same.</p>',
    );

    expect((await tokenRow(link))?.usedAt).toBeNull();
    expect(await verifyPassword(db(), account.email, PASSWORD)).not.toBeNull();
    // The link still works.
    expect((await reset(browser, link, NEW_PASSWORD)).status).toBe(200);
  });

  it("ends every session of the account, the provider's and the app's, and forgets its sign-in failures", async () => {
    const account = await newAccount();
    const user = await userOf(account);
    const signedIn = newBrowser();
    const tokens = await signIn(server, signedIn, { email: account.email, password: PASSWORD });
    const ofAccount = sql`${oidcPayloads.payload}->>'accountId' = ${account.id}`;
    expect((await db().select().from(oidcPayloads).where(ofAccount)).length).toBeGreaterThan(0);
    // Someone elsewhere guessed, until made to wait.
    for (let i = 0; i < 6; i++) await recordSignInFailure(db(), { email: account.email, ip: "203.0.113.77" });

    const announced: string[] = [];
    const stop = platform.deps.changes.subscribe((topics) => announced.push(...topics));
    try {
      await forgot(newBrowser(), account.email);
      expect(
        (await reset(newBrowser(), await lastLink(account.email, "password_reset"), NEW_PASSWORD)).status,
      ).toBe(200);
    } finally {
      stop();
    }

    expect(await db().select().from(oidcPayloads).where(ofAccount)).toEqual([]);
    const refresh = await tokenRequest(server, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.body.error).toBe("invalid_grant");
    // The signed-in browser's provider session is gone: the next authorization asks to sign in.
    const next = await signedIn.open(authorizationRequest(server).url);
    expect(next.html).toContain('<label for="field-password">Password</label>');
    expect(next.html).not.toContain("Continue as");

    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.sessionsEndedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(announced).toEqual(
      expect.arrayContaining([userTopic(user.id), `sessions-ended:${EMBEDDED_ISSUER_KEY}\n${account.id}`]),
    );
    expect(await db().select().from(signInThrottle).where(sql`${signInThrottle.id} like 'pair:%'`)).toEqual(
      [],
    );
  });

  it("refuses the form posted from another origin", async () => {
    const account = await newAccount();
    const browser = newBrowser();
    await forgot(browser, account.email);
    const link = await lastLink(account.email, "password_reset");
    const response = await browser.post(
      accountPage("reset-password"),
      { token: tokenOf(link), password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
      { origin: "http://evil.example" },
    );
    expect(response.status).toBe(403);
    expect((await tokenRow(link))?.usedAt).toBeNull();
  });
});

/** Signs up on the register page, as a new person does. */
async function signUp(email: string, displayName: string): Promise<string> {
  const browser = newBrowser();
  const request = authorizationRequest(server);
  const signInPage = await browser.open(request.url);
  const registerHref = /href="([^"]*\?view=register)"/.exec(signInPage.html)?.[1];
  const register = await browser.open(decodeEntities(registerHref ?? ""));
  const done = await browser.submit(formAction(register.html, "register"), {
    email,
    displayName,
    password: PASSWORD,
  });
  codeFrom(done, request);
  const [row] = await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  if (!row) throw new Error("no account");
  return row.id;
}

async function idTokenClaims(email: string, password = PASSWORD) {
  const tokens = await signIn(server, newBrowser(), { email, password });
  return { id: decodeJwt(tokens.id_token), access: decodeJwt(tokens.access_token) };
}

describe("verification at sign-up", () => {
  it("mails a link; confirming it verifies the account and the app's user, and the claims say so", async () => {
    const email = "newcomer@example.test";
    const accountId = await signUp(email, `Newcomer <b>"Nina"</b>`);
    const [mail, ...more] = await mailsTo(email, "verify_email");
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ userId: null, params: { name: `Newcomer <b>"Nina"</b>`, isChange: false } });
    const link = String(mail?.params.verifyUrl);
    expect(link).toMatch(
      new RegExp(`^${server.issuer.replaceAll(".", "\\.")}/account/verify-email\\?token=[\\w-]{43}$`),
    );
    const row = await tokenRow(link);
    expect(row).toMatchObject({ accountId, purpose: "verify_email", email, usedAt: null });
    const lifetime = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(7 * 86_400_000);

    const before = await idTokenClaims(email);
    expect(before.id).toMatchObject({ email, email_verified: false });
    expect(before.access).toMatchObject({ email, email_verified: false });
    const user = await userOf({ id: accountId, email, displayName: "Nina", emailVerifiedAt: null });

    // Showing the page (a scanner, twice) does not use the link.
    for (const _ of [1, 2]) {
      const page = await new Browser(server).open(link);
      expect(page.status).toBe(200);
      expect(page.html).toMatch(
        /<h1 id="page-title">Confirm your address <span class="address">newcomer@example\.test<\/span><\/h1>/,
      );
      expect(page.html).toMatch(/<button class="button" type="submit">Confirm<\/button>/);
      expect(page.html).not.toMatch(/<script|\son\w+=/i);
    }
    expect((await tokenRow(link))?.usedAt).toBeNull();

    const announced: string[] = [];
    const stop = platform.deps.changes.subscribe((topics) => announced.push(...topics));
    const done = await confirm(newBrowser(), link).finally(stop);
    expect(done.status).toBe(200);
    expect(done.html).toContain("Your address is confirmed.");
    expect(announced).toContain(userTopic(user.id));

    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.emailVerifiedAt).toBeInstanceOf(Date);
    const [userRow] = await db().select().from(users).where(eq(users.id, user.id));
    expect(userRow).toMatchObject({ email, emailVerifiedAt: account?.emailVerifiedAt });

    const after = await idTokenClaims(email);
    expect(after.id).toMatchObject({ email, email_verified: true });
    expect(after.access).toMatchObject({ email, email_verified: true });

    // Used: once.
    const again = await confirm(newBrowser(), link);
    expect(again.status).toBe(400);
    expect(again.html).toContain(EXPIRED_LINK_MESSAGE);
  });

  it("refuses an expired link", async () => {
    const email = "late@example.test";
    const accountId = await signUp(email, "Late");
    const link = await lastLink(email, "verify_email");
    const browser = newBrowser();
    const page = await browser.open(link);
    const form = parseForms(page.html)[0];
    if (!form) throw new Error("no form");
    await db()
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.accountId, accountId));
    expect((await browser.open(link)).html).toContain(EXPIRED_LINK_MESSAGE);
    const posted = await browser.submit(new URL(form.action, link).href, form.fields);
    expect(posted.status).toBe(400);
    expect(posted.html).toContain(EXPIRED_LINK_MESSAGE);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.emailVerifiedAt).toBeNull();
  });
});

describe("the app's functions for a person's address", () => {
  it("tells embedded users from others", async () => {
    const account = await newAccount();
    const user = await userOf(account);
    expect(await isEmbeddedUser(db(), user.id)).toEqual({ accountId: account.id });
    expect(await isEmbeddedUser(db(), (await createUser(platform)).id)).toBeNull();
  });

  it("mails a new confirmation link, a few times an hour, until the address is confirmed", async () => {
    const account = await newAccount();
    const user = await userOf(account);
    for (let i = 1; i <= LINKS_PER_PERSON_PER_HOUR; i++) {
      expect(await resendVerification(platform.deps, user)).toEqual({ sentTo: account.email });
    }
    const mails = await mailsTo(account.email, "verify_email");
    expect(mails).toHaveLength(LINKS_PER_PERSON_PER_HOUR);
    expect(mails[0]).toMatchObject({ userId: user.id, params: { isChange: false } });
    // Links of the app's functions lead to the provider under PUBLIC_URL.
    expect(String(mails[0]?.params.verifyUrl)).toMatch(
      /^http:\/\/localhost:\d+\/oidc\/account\/verify-email\?token=/,
    );
    expect((await refusalOf(resendVerification(platform.deps, user))).code).toBe("RATE_LIMITED");

    // Any of the links confirms the address; then there is nothing to send.
    expect((await confirm(newBrowser(), String(mails[0]?.params.verifyUrl))).status).toBe(200);
    expect(await refusalOf(resendVerification(platform.deps, user))).toMatchObject({
      code: "BAD_REQUEST",
      message: ALREADY_CONFIRMED_MESSAGE,
    });
    expect(await refusalOf(resendVerification(platform.deps, await createUser(platform)))).toMatchObject({
      code: "BAD_REQUEST",
      message: EXTERNAL_PROVIDER_MESSAGE,
    });
  });

  it("moves the account to a new address once the link sent there is followed, telling the old one", async () => {
    const account = await newAccount("Mover");
    const user = await userOf(account);
    const taken = await newAccount();
    const newAddress = "moved@example.test";

    // A wrong password: refused, counted like a failed sign-in, nothing mailed.
    expect(
      await refusalOf(
        requestEmailChange(platform.deps, user, { email: newAddress, password: "Wrong-pass-1" }),
      ),
    ).toMatchObject({
      code: "BAD_REQUEST",
      message: WRONG_PASSWORD_MESSAGE,
    });
    expect(
      await db()
        .select()
        .from(signInThrottle)
        .where(sql`${signInThrottle.id} like ${`pair:${account.email}|%`}`),
    ).toHaveLength(1);
    expect(await mailsTo(newAddress)).toEqual([]);

    // Another account's address, whatever its case, and one's own: refused, nothing mailed.
    expect(
      await refusalOf(
        requestEmailChange(platform.deps, user, { email: taken.email.toUpperCase(), password: PASSWORD }),
      ),
    ).toMatchObject({
      code: "CONFLICT",
      message: TAKEN_ADDRESS_MESSAGE,
    });
    expect(
      await refusalOf(requestEmailChange(platform.deps, user, { email: account.email, password: PASSWORD })),
    ).toMatchObject({
      code: "BAD_REQUEST",
      message: SAME_ADDRESS_MESSAGE,
    });
    expect(await mailsTo(taken.email, "verify_email")).toEqual([]);
    expect(await pendingEmailChange(db(), account.id)).toBeNull();

    // A change the person thinks better of, then the one they follow through.
    await requestEmailChange(platform.deps, user, {
      email: "second.thought@example.test",
      password: PASSWORD,
    });
    const abandoned = await lastLink("second.thought@example.test", "verify_email");
    expect(
      await requestEmailChange(platform.deps, user, { email: " Moved@Example.test ", password: PASSWORD }),
    ).toEqual({
      pendingAddress: newAddress,
    });
    expect(await pendingEmailChange(db(), account.id)).toBe(newAddress);
    const [mail] = await mailsTo(newAddress, "verify_email");
    expect(mail).toMatchObject({ userId: user.id, params: { name: "Mover", isChange: true } });
    // Until the link is followed, nothing moves.
    expect(await canSignIn(account.email, PASSWORD)).toBe(true);
    await forgot(newBrowser(), account.email);
    const resetLink = await lastLink(account.email, "password_reset");

    const link = onServer(String(mail?.params.verifyUrl));
    const page = await newBrowser().open(link);
    expect(page.html).toContain(newAddress);
    const done = await confirm(newBrowser(), link);
    expect(done.status).toBe(200);
    expect(done.html).toContain("Your address is confirmed.");

    const [moved] = await db().select().from(accounts).where(eq(accounts.id, account.id));
    expect(moved).toMatchObject({ email: newAddress, emailVerifiedAt: expect.any(Date) });
    const [userRow] = await db().select().from(users).where(eq(users.id, user.id));
    expect(userRow).toMatchObject({ email: newAddress, emailVerifiedAt: moved?.emailVerifiedAt });
    expect(await mailsTo(account.email, "email_changed")).toEqual([
      expect.objectContaining({ userId: user.id, params: { name: "Mover", newAddress } }),
    ]);
    expect(await pendingEmailChange(db(), account.id)).toBeNull();
    expect(await canSignIn(newAddress, PASSWORD)).toBe(true);
    expect(await canSignIn(account.email, PASSWORD)).toBe(false);
    // Every other pending link is used up: none moves the account again, nor resets its password.
    expect((await confirm(newBrowser(), abandoned)).html).toContain(EXPIRED_LINK_MESSAGE);
    expect((await newBrowser().open(resetLink)).html).toContain(EXPIRED_LINK_MESSAGE);
  });

  it("refuses the move when another account took the address meanwhile", async () => {
    const account = await newAccount();
    const user = await userOf(account);
    await requestEmailChange(platform.deps, user, { email: "contested@example.test", password: PASSWORD });
    await createAccount(db(), { email: "contested@example.test", displayName: "Quick", password: PASSWORD });
    const done = await confirm(newBrowser(), await lastLink("contested@example.test", "verify_email"));
    expect(done.status).toBe(409);
    expect(done.html).toContain(TAKEN_ADDRESS_MESSAGE);
    const [row] = await db().select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.email).toBe(account.email);
  });

  it(`allows ${LINKS_PER_PERSON_PER_HOUR} address changes an hour`, async () => {
    const account = await newAccount();
    const user = await userOf(account);
    for (let i = 1; i <= LINKS_PER_PERSON_PER_HOUR; i++) {
      await requestEmailChange(platform.deps, user, {
        email: `next${i}-${account.id}@example.test`,
        password: PASSWORD,
      });
    }
    expect(
      (
        await refusalOf(
          requestEmailChange(platform.deps, user, {
            email: `last-${account.id}@example.test`,
            password: PASSWORD,
          }),
        )
      ).code,
    ).toBe("RATE_LIMITED");
    expect(await pendingEmailChange(db(), account.id)).toBe(
      `next${LINKS_PER_PERSON_PER_HOUR}-${account.id}@example.test`,
    );
  });
});

describe("syncUser keeps the address's verification", () => {
  const identity = (subject: string): Identity => ({
    issuer: "https://id.example",
    issuerKey: "https://id.example",
    subject,
    claims: { sub: subject },
    expiresAt: Date.now() + 60_000,
    token: "t",
  });
  const profile = (email: string, emailVerified: boolean) => ({
    email,
    emailVerified,
    name: null,
    picture: null,
  });

  it("dates a verified address, keeps the date for the same one, and drops it for an unverified new one", async () => {
    const id = identity("verify-sync");
    const created = await syncUser(platform.deps, id, profile("a@example.test", true), []);
    expect(created.emailVerifiedAt).toBeInstanceOf(Date);
    const same = await syncUser(platform.deps, id, profile("a@example.test", false), []);
    expect(same.emailVerifiedAt).toEqual(created.emailVerifiedAt);
    const moved = await syncUser(platform.deps, id, profile("b@example.test", false), []);
    expect(moved).toMatchObject({ email: "b@example.test", emailVerifiedAt: null });
    const nowVerified = await syncUser(platform.deps, id, profile("b@example.test", true), []);
    expect(nowVerified.emailVerifiedAt).toBeInstanceOf(Date);
    const movedVerified = await syncUser(platform.deps, id, profile("c@example.test", true), []);
    expect(movedVerified.emailVerifiedAt?.getTime()).toBeGreaterThanOrEqual(
      nowVerified.emailVerifiedAt?.getTime() ?? 0,
    );
    expect(movedVerified.email).toBe("c@example.test");
  });

  it("does not date an unverified address", async () => {
    const created = await syncUser(
      platform.deps,
      identity("unverified-sync"),
      profile("u@example.test", false),
      [],
    );
    expect(created.emailVerifiedAt).toBeNull();
  });
});
