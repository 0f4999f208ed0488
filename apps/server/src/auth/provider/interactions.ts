// The interaction routes: where the provider sends the browser when someone must sign in, create
// an account or pick an account. GET shows a page, POST handles its form.
//
// Forgery: the provider keeps the interaction id in a cookie (HttpOnly, SameSite=Lax, scoped to
// this interaction's path). Every handler loads the interaction through that cookie
// (`interactionDetails`) and requires it to be the one named in the URL, so a form posted from
// another site or another browser session finds nothing to act on. POSTs from another origin are
// refused outright as well.
//
// The account pages (forgot password, reset password, confirm an address) are reached from mail,
// perhaps in another browser, so they are bound to no interaction: their links' tokens are what
// they act on, and only when their forms are posted (from the issuer's origin), never when shown.
import { DEMO_PASSWORD, DEMO_SIGN_INS } from "@litverse/shared/demo-accounts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import { errors } from "oidc-provider";
import { z } from "zod";
import type { Database } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { LimiterStore } from "../../core/limits/limiter-store.ts";
import { RateLimitError, type RateLimits } from "../../core/limits/rate-limits.ts";
import type { ChangeNotifier } from "../../core/live/changes.ts";
import {
  accountPageUrl,
  confirmEmail,
  ResetRequestLimits,
  requestPasswordReset,
  resetLinkAccount,
  resetPassword,
  sendSignUpVerification,
  TAKEN_ADDRESS_MESSAGE,
  verifyLinkDetails,
} from "./account-email.ts";
import {
  AccountInputError,
  createAccount,
  findAccount,
  normalizeEmail,
  parseNewAccount,
  verifyPassword,
} from "./accounts.ts";
import {
  accountChooserPage,
  confirmEmailPage,
  forgotPasswordPage,
  messagePage,
  type RegisterView,
  registerPage,
  resetPasswordPage,
  SIGN_OUT_SCRIPT,
  signInPage,
} from "./pages.ts";
import { checkSignInAllowed, clearSignInFailures, minutesUntil, recordSignInFailure } from "./throttle.ts";

export const INCORRECT_CREDENTIALS = "Incorrect email or password.";

export interface InteractionRoutesOptions {
  provider: Provider;
  db: Database;
  /** Announces writes; wakes the mail sender after a link is mailed. */
  changes: ChangeNotifier;
  /** Path the provider is mounted at, e.g. `/oidc`. */
  mountPath: string;
  /** The only origin whose pages may post the forms: the issuer's. */
  issuerOrigin: string;
  /** Where "back to the app" links lead. */
  homeUrl: string;
  /** Sign-ups per client address (each costs a deliberately expensive password hash). */
  rates?: RateLimits;
  /** Where the password reset requests are counted. */
  limiters: LimiterStore;
  /** A demo server: the sign-in page shows the demo accounts (never in production). */
  isDemo?: boolean;
  /** Why this account may not sign in now (suspended, banned), or null. */
  signInRefusal?: SignInRefusal;
}

/** Why the account with this id may not sign in now, in words for the person; null when it may. */
export type SignInRefusal = (accountId: string) => Promise<string | null>;

function sendPage(reply: FastifyReply, status: number, page: string) {
  // Pages carry anti-forgery-bound forms and personal details: never cache them.
  return reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(page);
}

type Interaction = Awaited<ReturnType<Provider["interactionDetails"]>>;

const paramsSchema = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/) });
const querySchema = z.object({ view: z.enum(["signin", "register"]).optional() }).catch({});
// Generous bounds: enough for any real input, small enough that nothing expensive follows.
const signInForm = z
  .object({ email: z.string().max(1_000).default(""), password: z.string().max(4_096).default("") })
  .catch({ email: "", password: "" });
const registerForm = z
  .object({
    email: z.string().max(1_000).default(""),
    displayName: z.string().max(1_000).default(""),
    password: z.string().max(4_096).default(""),
  })
  .catch({ email: "", displayName: "", password: "" });
const tokenQuery = z.object({ token: z.string().max(200).default("") }).catch({ token: "" });
const forgotForm = z.object({ email: z.string().max(1_000).default("") }).catch({ email: "" });
const resetForm = z
  .object({
    token: z.string().max(200).default(""),
    password: z.string().max(4_096).default(""),
    passwordRepeat: z.string().max(4_096).default(""),
  })
  .catch({ token: "", password: "", passwordRepeat: "" });
const consentDetails = z
  .object({
    missingOIDCScope: z.array(z.string()).optional(),
    missingOIDCClaims: z.array(z.string()).optional(),
    missingResourceScopes: z.record(z.string(), z.array(z.string())).optional(),
  })
  .catch({});

export function registerInteractionRoutes(scope: FastifyInstance, options: InteractionRoutesOptions): void {
  const { provider, db } = options;
  const base = `${options.mountPath}/interaction`;
  const issuer = `${options.issuerOrigin}${options.mountPath}`;
  const pathFor = (uid: string) => `${base}/${encodeURIComponent(uid)}`;
  const expired = (reply: FastifyReply) =>
    sendPage(
      reply,
      400,
      messagePage({
        title: "Sign-in expired",
        message:
          "This sign-in page has expired or belongs to another browser session. Go back and sign in again.",
        link: { href: options.homeUrl, label: "Back to Litverse" },
      }),
    );

  /** The interaction of this browser session, if it is the one the URL names. */
  async function loadInteraction(request: FastifyRequest, reply: FastifyReply): Promise<Interaction | null> {
    const params = paramsSchema.safeParse(request.params);
    if (!params.success) return null;
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === params.data.uid ? interaction : null;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return null;
      throw error;
    }
  }

  /** Records the outcome and sends the browser back to the provider to continue the flow. */
  async function finish(request: FastifyRequest, reply: FastifyReply, result: Record<string, unknown>) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.header("cache-control", "no-store").redirect(returnTo, 303);
  }

  /** Signing in (or signing up) also answers the account chooser: this is the chosen account. */
  const signedIn = (accountId: string) => ({ login: { accountId }, select_account: {} });

  const signInView = (interaction: Interaction, extra: { email?: string; error?: string } = {}) => {
    const hint = interaction.params.login_hint;
    return signInPage({
      action: `${pathFor(interaction.uid)}/login`,
      registerHref: `${pathFor(interaction.uid)}?view=register`,
      forgotPasswordHref: new URL(accountPageUrl(issuer, "forgot-password")).pathname,
      email: extra.email ?? (typeof hint === "string" ? hint.slice(0, 254) : ""),
      ...(extra.error ? { error: extra.error } : {}),
      ...(options.isDemo ? { demo: { accounts: DEMO_SIGN_INS, password: DEMO_PASSWORD } } : {}),
    });
  };

  const registerView = (interaction: Interaction, extra: Omit<RegisterView, "action" | "signInHref"> = {}) =>
    registerPage({
      action: `${pathFor(interaction.uid)}/register`,
      signInHref: `${pathFor(interaction.uid)}?view=signin`,
      ...extra,
    });

  // Forms are only ever posted by our own pages; anything else is refused before it is read.
  async function sameOriginOnly(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== options.issuerOrigin) {
      request.log.warn({ origin }, "sign-in form posted from another origin refused");
      await sendPage(
        reply,
        403,
        messagePage({
          title: "Request refused",
          message: "This form can only be sent from the sign-in page.",
        }),
      );
    }
  }

  scope.get(`${base}/sign-out.js`, async (_request, reply) =>
    reply
      .header("cache-control", "public, max-age=3600")
      .type("text/javascript; charset=utf-8")
      .send(SIGN_OUT_SCRIPT),
  );

  scope.get(`${base}/:uid`, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return expired(reply);
    const { view } = querySchema.parse(request.query);
    const prompt = interaction.prompt.name;

    if (prompt === "consent") {
      // First-party client: `loadExistingGrant` normally grants everything up front; should the
      // provider still ask, grant what it says is missing instead of showing a consent page.
      return finish(request, reply, { consent: { grantId: await grantMissing(provider, interaction) } });
    }
    if (prompt !== "login" && prompt !== "select_account") {
      request.log.warn({ prompt }, "unexpected interaction prompt");
      return expired(reply);
    }
    if (view === "register") return sendPage(reply, 200, registerView(interaction));
    if (prompt === "select_account" && view !== "signin") {
      const accountId = interaction.session?.accountId;
      const account = accountId ? await findAccount(db, accountId) : null;
      // A suspended or banned account is not offered: signing in says why it is refused.
      if (account && !(await options.signInRefusal?.(account.id))) {
        return sendPage(
          reply,
          200,
          accountChooserPage({
            continueAction: `${pathFor(interaction.uid)}/continue`,
            anotherAccountHref: `${pathFor(interaction.uid)}?view=signin`,
            displayName: account.displayName,
            email: account.email,
          }),
        );
      }
    }
    return sendPage(reply, 200, signInView(interaction));
  });

  scope.post(`${base}/:uid/login`, { preHandler: sameOriginOnly }, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return expired(reply);
    const { email, password } = signInForm.parse(request.body);
    const attempt = { email, ip: request.ip };

    const decision = await checkSignInAllowed(db, attempt);
    if (!decision.allowed) {
      const minutes = minutesUntil(decision.retryAt);
      reply.header("retry-after", String(Math.ceil((decision.retryAt.getTime() - Date.now()) / 1000)));
      const error = `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
      return sendPage(reply, 429, signInView(interaction, { email, error }));
    }
    if (!email.trim() || !password) {
      return sendPage(
        reply,
        400,
        signInView(interaction, { email, error: "Enter your email and password." }),
      );
    }

    const account = await verifyPassword(db, email, password);
    if (!account) {
      await recordSignInFailure(db, attempt);
      return sendPage(reply, 200, signInView(interaction, { email, error: INCORRECT_CREDENTIALS }));
    }
    await clearSignInFailures(db, attempt);
    const refusal = await options.signInRefusal?.(account.id);
    if (refusal) return sendPage(reply, 403, signInView(interaction, { email, error: refusal }));
    return finish(request, reply, signedIn(account.id));
  });

  scope.post(`${base}/:uid/register`, { preHandler: sameOriginOnly }, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return expired(reply);
    const input = registerForm.parse(request.body);
    // The password is never sent back into the page.
    const values = { email: input.email, displayName: input.displayName };
    try {
      // Only sign-ups that get as far as the (deliberately costly) password hash are counted.
      const parsed = parseNewAccount(input);
      if (!parsed.ok) throw new AccountInputError(parsed.fieldErrors);
      await options.rates?.consume("account", request.ip);
      const account = await createAccount(db, parsed.value);
      // The account stands without it: the person can ask for another link from the app.
      await sendSignUpVerification({ db, changes: options.changes }, issuer, account).catch(
        (error: unknown) => {
          request.log.error({ err: error }, "could not queue the new account's verification mail");
        },
      );
      return await finish(request, reply, signedIn(account.id));
    } catch (error) {
      if (error instanceof RateLimitError) {
        reply.header("retry-after", String(error.retryAfterSeconds));
        return sendPage(reply, 429, registerView(interaction, { values, error: error.message }));
      }
      if (error instanceof AccountInputError) {
        return sendPage(reply, 400, registerView(interaction, { values, fieldErrors: error.fieldErrors }));
      }
      if (error instanceof AppError && error.code === "CONFLICT") {
        return sendPage(
          reply,
          409,
          registerView(interaction, { values, fieldErrors: { email: [error.message] } }),
        );
      }
      throw error;
    }
  });

  registerAccountRoutes(scope, { ...options, sameOriginOnly });

  scope.post(`${base}/:uid/continue`, { preHandler: sameOriginOnly }, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return expired(reply);
    if (interaction.prompt.name !== "select_account" || !interaction.session?.accountId) {
      // Nothing to continue with (the chooser was not offered): back to the page, which signs in.
      return reply.redirect(pathFor(interaction.uid), 303);
    }
    return finish(request, reply, { select_account: {} });
  });
}

/** The same whether or not an account has the address. The link works for RESET_LINK_TTL_MS. */
export const RESET_SENT_MESSAGE =
  "If an account uses that address, we sent it a link to choose a new password. The link works for an hour.";
export const TOO_MANY_RESET_REQUESTS = "Too many requests. Try again later.";
export const EXPIRED_LINK_MESSAGE = "This link has expired or was used already.";

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The pages mail links lead to: forgot password, choose a new password, confirm an address. */
function registerAccountRoutes(
  scope: FastifyInstance,
  options: InteractionRoutesOptions & { sameOriginOnly: PreHandler },
): void {
  const { db, changes, homeUrl, sameOriginOnly } = options;
  const issuer = `${options.issuerOrigin}${options.mountPath}`;
  const pathOf = (page: Parameters<typeof accountPageUrl>[1]) =>
    new URL(accountPageUrl(issuer, page)).pathname;
  const forgotPath = pathOf("forgot-password");
  const resetPath = pathOf("reset-password");
  const verifyPath = pathOf("verify-email");
  const limits = new ResetRequestLimits(options.limiters);
  const back = { href: homeUrl, label: "Back to Litverse" };

  const expiredLink = (reply: FastifyReply, again: { href: string; label: string }) =>
    sendPage(reply, 400, messagePage({ title: "Link expired", message: EXPIRED_LINK_MESSAGE, link: again }));
  const askAgain = { href: forgotPath, label: "Ask for a new link" };

  scope.get(forgotPath, async (_request, reply) =>
    sendPage(reply, 200, forgotPasswordPage({ action: forgotPath, backHref: homeUrl })),
  );

  scope.post(forgotPath, { preHandler: sameOriginOnly }, async (request, reply) => {
    const { email } = forgotForm.parse(request.body);
    const view = { action: forgotPath, backHref: homeUrl, email };
    const normalized = normalizeEmail(email);
    if (!normalized) {
      const emailError = email.trim() ? "Enter a valid email address." : "Enter your email address.";
      return sendPage(reply, 400, forgotPasswordPage({ ...view, emailError }));
    }
    // Counted per typed address, account or not: being refused tells nothing about accounts.
    const retryAfter = await limits.consume(normalized, request.ip);
    if (retryAfter !== null) {
      reply.header("retry-after", String(retryAfter));
      return sendPage(reply, 429, forgotPasswordPage({ ...view, error: TOO_MANY_RESET_REQUESTS }));
    }
    await requestPasswordReset({ db, changes }, issuer, normalized);
    return sendPage(
      reply,
      200,
      messagePage({ title: "Check your email", message: RESET_SENT_MESSAGE, link: back }),
    );
  });

  scope.get(resetPath, async (request, reply) => {
    const { token } = tokenQuery.parse(request.query);
    const account = await resetLinkAccount(db, token);
    if (!account) return expiredLink(reply, askAgain);
    return sendPage(reply, 200, resetPasswordPage({ action: resetPath, token, email: account.email }));
  });

  scope.post(resetPath, { preHandler: sameOriginOnly }, async (request, reply) => {
    const input = resetForm.parse(request.body);
    const outcome = await resetPassword({ db, changes }, input);
    if (outcome.kind === "expired") return expiredLink(reply, askAgain);
    if (outcome.kind === "invalid") {
      return sendPage(
        reply,
        400,
        resetPasswordPage({
          action: resetPath,
          token: input.token,
          email: outcome.email,
          fieldErrors: outcome.fieldErrors,
        }),
      );
    }
    return sendPage(
      reply,
      200,
      messagePage({
        title: "Your password is changed",
        message: "Sign in with your new password. Everywhere you were signed in, you are signed out.",
        link: { href: homeUrl, label: "Sign in" },
      }),
    );
  });

  scope.get(verifyPath, async (request, reply) => {
    const { token } = tokenQuery.parse(request.query);
    const details = await verifyLinkDetails(db, token);
    if (!details) return expiredLink(reply, back);
    return sendPage(reply, 200, confirmEmailPage({ action: verifyPath, token, ...details }));
  });

  scope.post(verifyPath, { preHandler: sameOriginOnly }, async (request, reply) => {
    const { token } = tokenQuery.parse(request.body);
    const outcome = await confirmEmail({ db, changes }, token);
    if (outcome.kind === "expired") return expiredLink(reply, back);
    if (outcome.kind === "taken") {
      return sendPage(
        reply,
        409,
        messagePage({ title: "Address not changed", message: TAKEN_ADDRESS_MESSAGE, link: back }),
      );
    }
    return sendPage(
      reply,
      200,
      messagePage({ title: "Address confirmed", message: "Your address is confirmed.", link: back }),
    );
  });
}

/** Adds to the interaction's grant whatever the provider reports missing, and returns its id. */
async function grantMissing(provider: Provider, interaction: Interaction): Promise<string> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== "string") throw new Error("consent without a signed-in account");
  const missing = consentDetails.parse(interaction.prompt.details);
  const grant =
    (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId });
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope);
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes);
  }
  return grant.save();
}
