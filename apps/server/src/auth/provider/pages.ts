// The embedded provider's pages (sign in, create account, account chooser, sign out, errors),
// rendered on the server as plain HTML forms. The site's content security policy allows inline
// styles but no inline scripts, so the pages work without any JavaScript at all.
import { DEMO_SUMMARY, DEMO_TITLE, type DemoAccount } from "@litverse/shared/demo-accounts";
import type { FieldErrors } from "@litverse/shared/errors";
import { describePasswordRules } from "./accounts.ts";
import { escapeHtml } from "./escape.ts";

const PRODUCT = "Litverse";
const TAGLINE = "Your Literary Universe";

const STYLES = `
:root{color-scheme:light dark;--accent:#4f46e5;--accent-hover:#4338ca;--on-accent:#fff;--bg:#f4f4fb;--card:#fff;
--text:#111827;--muted:#4b5563;--border:#d1d5db;--link:#4338ca;--focus:#4f46e5;--error:#b91c1c;--error-bg:#fef2f2;
--shadow:0 1px 2px rgba(17,24,39,.06),0 8px 24px rgba(17,24,39,.06);--demo-bg:#fef3c7;--demo-border:#d97706;--demo-text:#78350f}
@media (prefers-color-scheme:dark){:root{--bg:#0c0c16;--card:#161626;--text:#f3f4f6;--muted:#a1a1b5;
--border:#34344a;--link:#a5b4fc;--focus:#a5b4fc;--error:#fca5a5;--error-bg:#3a1320;--shadow:none;
--demo-bg:#2a1d06;--demo-border:#b45309;--demo-text:#fde68a}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);line-height:1.5;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
display:flex;justify-content:center;align-items:flex-start;padding:40px 16px}
main{width:100%;max-width:420px}
.brand{display:flex;align-items:center;justify-content:center;gap:12px;margin:0 0 24px}
.logo{width:44px;height:44px;border-radius:12px;background:var(--accent);color:var(--on-accent);
display:grid;place-items:center;font-weight:700;font-size:22px;flex:none}
.brand-name{margin:0;font-weight:700;font-size:20px;line-height:1.2}
.tagline{margin:0;color:var(--muted);font-size:14px}
.card{background:var(--card);border:1px solid var(--border);border-radius:16px;padding:28px 24px;box-shadow:var(--shadow)}
h1{font-size:22px;line-height:1.3;margin:0 0 6px}
.lead{margin:0 0 20px;color:var(--muted)}
form{margin:0}
.field{margin:0 0 16px}
label{display:block;font-weight:600;font-size:14px;margin:0 0 6px}
input{display:block;width:100%;font:inherit;font-size:16px;padding:10px 12px;border:1px solid var(--border);
border-radius:10px;background:var(--card);color:var(--text)}
input[aria-invalid="true"]{border-color:var(--error)}
.hint{margin:8px 0 0;padding-left:18px;color:var(--muted);font-size:13px}
.field-error{margin:6px 0 0;color:var(--error);font-size:14px}
.alert{margin:0 0 16px;padding:10px 12px;border-radius:10px;background:var(--error-bg);color:var(--error);font-size:14px}
.button{display:block;width:100%;margin:0 0 12px;padding:11px 16px;border:1px solid transparent;border-radius:10px;
background:var(--accent);color:var(--on-accent);font:inherit;font-weight:600;font-size:16px;text-align:center;
text-decoration:none;cursor:pointer}
.button:hover{background:var(--accent-hover)}
.button.secondary{background:transparent;color:var(--text);border-color:var(--border)}
.button.secondary:hover{background:var(--bg)}
.account-email{display:block;font-weight:400;font-size:14px;opacity:.9;overflow-wrap:anywhere}
.links{margin:20px 0 0;text-align:center;font-size:14px}
.field-link{margin:-8px 0 16px;text-align:right;font-size:14px}
.address{font-weight:600;overflow-wrap:anywhere}
a{color:var(--link)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
details{margin-top:16px;color:var(--muted);font-size:13px}
.demo{margin:24px 0 0;padding:16px;border:1px solid var(--demo-border);border-radius:12px;background:var(--demo-bg);color:var(--demo-text)}
.demo-title{margin:0;font-weight:700}
.demo-text{margin:4px 0 12px;font-size:14px}
.demo-accounts{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.demo-account{display:block;width:100%;padding:8px 12px;border:1px solid var(--demo-border);border-radius:10px;
background:var(--card);color:var(--text);font:inherit;text-align:left;cursor:pointer}
.demo-account:hover{border-color:var(--accent)}
.demo-email{display:block;font-weight:600;font-size:14px;overflow-wrap:anywhere}
.demo-label{display:block;color:var(--muted);font-size:13px}
code{overflow-wrap:anywhere}
`;

/** Raw HTML that has already been escaped: the one way to put markup inside a page. */
export interface Html {
  readonly html: string;
}

const raw = (html: string): Html => ({ html });

/** Template tag: interpolated values are escaped unless they are `Html` (or arrays of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return raw(out);
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  if (typeof value === "object" && "html" in value && typeof value.html === "string") return value.html;
  return escapeHtml(value);
}

export function layout(title: string, content: Html): string {
  return `<!DOCTYPE html>${
    html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${title} · ${PRODUCT}</title>
<style>${raw(STYLES)}</style>
</head>
<body>
<main>
<header class="brand">
<span class="logo" aria-hidden="true">L</span>
<div><p class="brand-name">${PRODUCT}</p><p class="tagline">${TAGLINE}</p></div>
</header>
<section class="card" aria-labelledby="page-title">
${content}
</section>
</main>
</body>
</html>`.html
  }`;
}

interface FieldOptions {
  name: string;
  label: string;
  type: "email" | "password" | "text";
  value?: string;
  autocomplete: string;
  errors?: string[] | undefined;
  /** The id of a message about the whole form that this field is part of. */
  formErrorId?: string | undefined;
  hints?: string[];
  autofocus?: boolean;
  maxlength?: number;
}

function field(options: FieldOptions): Html {
  const id = `field-${options.name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const hasError = Boolean(options.errors?.length || options.formErrorId);
  const describedBy = [
    options.errors?.length ? errorId : "",
    options.formErrorId ?? "",
    options.hints?.length ? hintId : "",
  ]
    .filter(Boolean)
    .join(" ");
  return html`<div class="field">
<label for="${id}">${options.label}</label>
<input id="${id}" name="${options.name}" type="${options.type}" autocomplete="${options.autocomplete}" required${
    options.maxlength ? html` maxlength="${options.maxlength}"` : ""
  }${options.value !== undefined ? html` value="${options.value}"` : ""}${
    describedBy ? html` aria-describedby="${describedBy}"` : ""
  }${hasError ? raw(' aria-invalid="true"') : ""}${options.autofocus ? raw(" autofocus") : ""}>
${options.errors?.length ? html`<p class="field-error" id="${errorId}">${options.errors.join(" ")}</p>` : ""}
${options.hints?.length ? html`<ul class="hint" id="${hintId}">${options.hints.map((hint) => html`<li>${hint}</li>`)}</ul>` : ""}
</div>`;
}

export interface SignInView {
  action: string;
  registerHref: string;
  /** The page that sends a link to choose a new password. */
  forgotPasswordHref: string;
  email?: string;
  /** A message about the attempt as a whole: wrong credentials, throttled. */
  error?: string;
  /** On a demo server only: its accounts and their published password, to sign in with one click. */
  demo?: { accounts: readonly DemoAccount[]; password: string };
}

/**
 * What a demo server is, and its accounts: each one a form that signs in as it at once (the same
 * form as the one above, filled in), so that no script is needed.
 */
function demoNotice(action: string, demo: NonNullable<SignInView["demo"]>): Html {
  return html`<aside class="demo" aria-labelledby="demo-title">
<p class="demo-title" id="demo-title">${DEMO_TITLE}</p>
<p class="demo-text">${DEMO_SUMMARY} Choose an account to sign in as it, or type its email and the password <code>${demo.password}</code>.</p>
<ul class="demo-accounts">
${demo.accounts.map(
  (account) => html`<li><form method="post" action="${action}">
<input type="hidden" name="email" value="${account.email}">
<input type="hidden" name="password" value="${demo.password}">
<button class="demo-account" type="submit"><span class="demo-email">${account.email}</span><span class="demo-label">${account.label}</span></button>
</form></li>`,
)}
</ul>
</aside>`;
}

export function signInPage(view: SignInView): string {
  const formErrorId = view.error ? "form-error" : undefined;
  return layout(
    "Sign in",
    html`<h1 id="page-title">Sign in</h1>
<p class="lead">to continue to ${PRODUCT}</p>
${view.error ? html`<p class="alert" id="form-error" role="alert">${view.error}</p>` : ""}
<form method="post" action="${view.action}">
${field({
  name: "email",
  label: "Email",
  type: "email",
  autocomplete: "username",
  value: view.email ?? "",
  formErrorId,
  autofocus: !view.email,
  maxlength: 254,
})}
${field({
  name: "password",
  label: "Password",
  type: "password",
  autocomplete: "current-password",
  formErrorId,
  autofocus: Boolean(view.email),
})}
<p class="field-link"><a href="${view.forgotPasswordHref}">Forgot password?</a></p>
<button class="button" type="submit">Sign in</button>
</form>
<p class="links">New to ${PRODUCT}? <a href="${view.registerHref}">Create an account</a></p>
${view.demo ? demoNotice(view.action, view.demo) : ""}`,
  );
}

export interface RegisterView {
  action: string;
  signInHref: string;
  values?: { email?: string; displayName?: string };
  fieldErrors?: FieldErrors;
  /** About the attempt as a whole (too many sign-ups). */
  error?: string;
}

export function registerPage(view: RegisterView): string {
  const errors = view.fieldErrors ?? {};
  const hasErrors = Object.values(errors).some((messages) => messages?.length);
  const firstInvalid = ["email", "displayName", "password"].find((name) => errors[name]?.length);
  return layout(
    "Create account",
    html`<h1 id="page-title">Create account</h1>
<p class="lead">Join ${PRODUCT} to read, listen and share.</p>
${view.error ? html`<p class="alert" role="alert">${view.error}</p>` : hasErrors ? html`<p class="alert" role="alert">Please correct the highlighted fields.</p>` : ""}
<form method="post" action="${view.action}">
${field({
  name: "email",
  label: "Email",
  type: "email",
  autocomplete: "email",
  value: view.values?.email ?? "",
  errors: errors.email,
  autofocus: firstInvalid ? firstInvalid === "email" : true,
  maxlength: 254,
})}
${field({
  name: "displayName",
  label: "Display name",
  type: "text",
  autocomplete: "nickname",
  value: view.values?.displayName ?? "",
  errors: errors.displayName,
  autofocus: firstInvalid === "displayName",
  maxlength: 60,
})}
${field({
  name: "password",
  label: "Password",
  type: "password",
  autocomplete: "new-password",
  errors: errors.password,
  hints: describePasswordRules(),
  autofocus: firstInvalid === "password",
})}
<button class="button" type="submit">Create account</button>
</form>
<p class="links">Already have an account? <a href="${view.signInHref}">Sign in</a></p>`,
  );
}

export interface ForgotPasswordView {
  action: string;
  /** Where "back" leads: the app, which starts a sign-in. */
  backHref: string;
  email?: string;
  /** What is wrong with the typed address. */
  emailError?: string;
  /** About the request as a whole (too many). */
  error?: string;
}

export function forgotPasswordPage(view: ForgotPasswordView): string {
  const formErrorId = view.error ? "form-error" : undefined;
  return layout(
    "Forgot password",
    html`<h1 id="page-title">Forgot your password?</h1>
<p class="lead">Enter the email address of your account. We will send it a link to choose a new password.</p>
${view.error ? html`<p class="alert" id="form-error" role="alert">${view.error}</p>` : ""}
<form method="post" action="${view.action}">
${field({
  name: "email",
  label: "Email",
  type: "email",
  autocomplete: "email",
  value: view.email ?? "",
  errors: view.emailError ? [view.emailError] : undefined,
  formErrorId,
  autofocus: true,
  maxlength: 254,
})}
<button class="button" type="submit">Send link</button>
</form>
<p class="links"><a href="${view.backHref}">Back to ${PRODUCT}</a></p>`,
  );
}

export interface ResetPasswordView {
  action: string;
  /** The link's token, posted back with the form (never used by showing the page). */
  token: string;
  /** The account's address, so that password managers file the new password under it. */
  email: string;
  fieldErrors?: FieldErrors;
}

export function resetPasswordPage(view: ResetPasswordView): string {
  const errors = view.fieldErrors ?? {};
  const firstInvalid = ["password", "passwordRepeat"].find((name) => errors[name]?.length);
  return layout(
    "Choose a new password",
    html`<h1 id="page-title">Choose a new password</h1>
<p class="lead">for <span class="address">${view.email}</span></p>
${firstInvalid ? html`<p class="alert" role="alert">Please correct the highlighted fields.</p>` : ""}
<form method="post" action="${view.action}">
<input type="hidden" name="token" value="${view.token}">
${field({
  name: "password",
  label: "New password",
  type: "password",
  autocomplete: "new-password",
  errors: errors.password,
  hints: describePasswordRules(),
  autofocus: firstInvalid ? firstInvalid === "password" : true,
})}
${field({
  name: "passwordRepeat",
  label: "Repeat the new password",
  type: "password",
  autocomplete: "new-password",
  errors: errors.passwordRepeat,
  autofocus: firstInvalid === "passwordRepeat",
})}
<button class="button" type="submit">Change password</button>
</form>`,
  );
}

export interface ConfirmEmailView {
  action: string;
  /** The link's token, posted back by the button (never used by showing the page). */
  token: string;
  email: string;
  /** The account is moving to this address (not confirming the one it signed up with). */
  isChange: boolean;
}

export function confirmEmailPage(view: ConfirmEmailView): string {
  return layout(
    "Confirm your address",
    html`<h1 id="page-title">Confirm your address <span class="address">${view.email}</span></h1>
<p class="lead">${
      view.isChange
        ? "Your account will use this address from now on: to sign in, and for the mail we send you."
        : "This tells us the address is yours, so that we can reach you there."
    }</p>
<form method="post" action="${view.action}">
<input type="hidden" name="token" value="${view.token}">
<button class="button" type="submit">Confirm</button>
</form>`,
  );
}

export interface ChooserView {
  continueAction: string;
  anotherAccountHref: string;
  displayName: string;
  email: string;
}

export function accountChooserPage(view: ChooserView): string {
  return layout(
    "Choose an account",
    html`<h1 id="page-title">Choose an account</h1>
<p class="lead">to continue to ${PRODUCT}</p>
<form method="post" action="${view.continueAction}">
<button class="button" type="submit">Continue as ${view.displayName} <span class="account-email">(${view.email})</span></button>
</form>
<a class="button secondary" href="${view.anotherAccountHref}">Use another account</a>`,
  );
}

export interface MessageView {
  title: string;
  message: string;
  link?: { href: string; label: string };
  /** Technical details (an error code), folded away. */
  details?: string;
}

export function messagePage(view: MessageView): string {
  return layout(
    view.title,
    html`<h1 id="page-title">${view.title}</h1>
<p class="lead">${view.message}</p>
${view.link ? html`<a class="button" href="${view.link.href}">${view.link.label}</a>` : ""}
${view.details ? html`<details><summary>Details</summary><code>${view.details}</code></details>` : ""}`,
  );
}

/**
 * The sign-out confirmation. `providerForm` is the provider's own hidden form (its action and
 * anti-forgery token); the buttons submit it through their `form` attribute.
 */
/** Where the script that completes the app's own sign-out is served, beside the interaction pages. */
export const SIGN_OUT_SCRIPT_PATH = "/oidc/interaction/sign-out.js";

/**
 * The end-session page. Asked by the app itself (a valid `id_token_hint` for the signed-in
 * account), it completes the sign-out at once through a script of our own origin; the buttons stay
 * for browsers without scripts. Asked any other way (a link on another site), it asks first.
 */
export function signOutPage(providerForm: string, options: { isAppSignOut: boolean }): string {
  if (options.isAppSignOut) {
    return layout(
      "Signing out",
      html`<h1 id="page-title">Signing you out…</h1>
<p class="lead">One moment: you are being signed out of ${PRODUCT}.</p>
${raw(providerForm)}
<div data-sign-out="auto">
<button class="button" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
</div>
<script src="${SIGN_OUT_SCRIPT_PATH}" defer></script>`,
    );
  }
  return layout(
    "Sign out",
    html`<h1 id="page-title">Sign out of ${PRODUCT}?</h1>
<p class="lead">You will need to sign in again to read on this device.</p>
${raw(providerForm)}
<button class="button" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button class="button secondary" type="submit" form="op.logoutForm">Stay signed in</button>`,
  );
}

/** Submits the end-session form with "sign out", on the page that asks for it. */
export const SIGN_OUT_SCRIPT = `(() => {
  const form = document.getElementById("op.logoutForm");
  if (!form || !document.querySelector('[data-sign-out="auto"]')) return;
  const choice = document.createElement("input");
  choice.type = "hidden";
  choice.name = "logout";
  choice.value = "yes";
  form.appendChild(choice);
  form.submit();
})();
`;
