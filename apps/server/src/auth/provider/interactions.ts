// The interaction routes: where the provider sends the browser when someone must sign in, create
// an account or pick an account. GET shows a page, POST handles its form.
//
// Forgery: the provider keeps the interaction id in a cookie (HttpOnly, SameSite=Lax, scoped to
// this interaction's path). Every handler loads the interaction through that cookie
// (`interactionDetails`) and requires it to be the one named in the URL, so a form posted from
// another site or another browser session finds nothing to act on. POSTs from another origin are
// refused outright as well.
import { DEMO_PASSWORD, DEMO_SIGN_INS } from "@litverse/shared/demo-accounts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import { errors } from "oidc-provider";
import { z } from "zod";
import type { Database } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { RateLimitError, type RateLimits } from "../../core/limits/rate-limits.ts";
import {
  AccountInputError,
  createAccount,
  findAccount,
  parseNewAccount,
  verifyPassword,
} from "./accounts.ts";
import {
  accountChooserPage,
  messagePage,
  type RegisterView,
  registerPage,
  SIGN_OUT_SCRIPT,
  signInPage,
} from "./pages.ts";
import { checkSignInAllowed, clearSignInFailures, minutesUntil, recordSignInFailure } from "./throttle.ts";

export const INCORRECT_CREDENTIALS = "Incorrect email or password.";

export interface InteractionRoutesOptions {
  provider: Provider;
  db: Database;
  /** Path the provider is mounted at, e.g. `/oidc`. */
  mountPath: string;
  /** The only origin whose pages may post the forms: the issuer's. */
  issuerOrigin: string;
  /** Where "back to the app" links lead. */
  homeUrl: string;
  /** Sign-ups per client address (each costs a deliberately expensive password hash). */
  rates?: RateLimits;
  /** A demo server: the sign-in page shows the demo accounts (never in production). */
  isDemo?: boolean;
  /** Why this account may not sign in now (suspended, banned), or null. */
  signInRefusal?: SignInRefusal;
}

/** Why the account with this id may not sign in now, in words for the person; null when it may. */
export type SignInRefusal = (accountId: string) => Promise<string | null>;

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
const consentDetails = z
  .object({
    missingOIDCScope: z.array(z.string()).optional(),
    missingOIDCClaims: z.array(z.string()).optional(),
    missingResourceScopes: z.record(z.string(), z.array(z.string())).optional(),
  })
  .catch({});

function sendPage(reply: FastifyReply, status: number, page: string) {
  // Pages carry anti-forgery-bound forms and personal details: never cache them.
  return reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(page);
}

export function registerInteractionRoutes(scope: FastifyInstance, options: InteractionRoutesOptions): void {
  const { provider, db } = options;
  const base = `${options.mountPath}/interaction`;
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
