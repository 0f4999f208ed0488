// The sandbox provider's hosted checkout page: what Stripe's or Paystack's page is to them, kept
// to one small self-contained HTML page (no script; three forms that POST the buyer's choice).

import { formatPrice } from "@litverse/shared/payments";
import type { SandboxChargeRow } from "./sandbox.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STATUS_TEXT: Record<SandboxChargeRow["status"], string> = {
  open: "",
  paid: "This checkout has been paid.",
  failed: "This payment failed.",
  canceled: "This checkout was cancelled.",
  refunded: "This payment was refunded.",
};

export function sandboxCheckoutPage(charge: SandboxChargeRow): string {
  const action = (outcome: string) => `/sandbox/checkout/${encodeURIComponent(charge.reference)}/${outcome}`;
  const isOpen = charge.status === "open";
  const price = formatPrice(charge.amountMinor, charge.currency);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>Sandbox checkout · ${escapeHtml(price)}</title>
<style>
  :root { --bg: #f4f4f7; --card: #fff; --text: #17171c; --muted: #60606c; --border: #e3e3ea;
    --brand: #6d3df5; --brand-text: #fff; --danger: #c81e4a; --note: #fff7e0; --note-text: #6b4e00; }
  @media (prefers-color-scheme: dark) {
    :root { --bg: #0f0f14; --card: #1a1a22; --text: #f2f2f6; --muted: #a0a0ad; --border: #2d2d38;
      --brand: #8f6bff; --brand-text: #fff; --danger: #ff6b8b; --note: #2e2612; --note-text: #f3d58a; }
  }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px 16px;
    background: var(--bg); color: var(--text);
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: 100%; max-width: 420px; background: var(--card); border: 1px solid var(--border);
    border-radius: 20px; padding: 28px 24px; box-shadow: 0 10px 30px rgb(0 0 0 / 0.06); }
  .badge { display: inline-block; font-size: 12px; font-weight: 600; letter-spacing: .04em;
    text-transform: uppercase; color: var(--note-text); background: var(--note); border-radius: 999px;
    padding: 2px 10px; }
  h1 { font-size: 15px; font-weight: 500; color: var(--muted); margin: 16px 0 4px; }
  .amount { font-size: 40px; font-weight: 700; margin: 0; letter-spacing: -0.02em; }
  .description { margin: 4px 0 24px; font-size: 17px; }
  .reference { font-size: 12px; color: var(--muted); word-break: break-all; margin: 0 0 20px; }
  form { margin: 0; }
  .actions { display: grid; gap: 10px; }
  button { width: 100%; font: inherit; font-weight: 600; border-radius: 12px; padding: 12px 16px;
    cursor: pointer; border: 1px solid var(--border); background: transparent; color: var(--text); }
  button:focus-visible { outline: 3px solid var(--brand); outline-offset: 2px; }
  .pay { background: var(--brand); color: var(--brand-text); border-color: var(--brand); }
  .fail { color: var(--danger); }
  .status { padding: 12px 14px; border-radius: 12px; background: var(--bg); margin: 0 0 16px; }
  a { color: var(--brand); }
  footer { margin-top: 20px; font-size: 13px; color: var(--muted); }
</style>
</head>
<body>
<main>
  <span class="badge">Sandbox · no real money</span>
  <h1>Litverse</h1>
  <p class="amount" data-testid="sandbox-amount">${escapeHtml(price)}</p>
  <p class="description">${escapeHtml(charge.description)}</p>
  <p class="reference">Reference ${escapeHtml(charge.reference)}</p>
  ${
    isOpen
      ? `<div class="actions">
    <form method="post" action="${action("pay")}"><button class="pay" type="submit">Pay ${escapeHtml(price)}</button></form>
    <form method="post" action="${action("fail")}"><button class="fail" type="submit">Fail</button></form>
    <form method="post" action="${action("cancel")}"><button type="submit">Cancel</button></form>
  </div>`
      : `<p class="status" role="status">${STATUS_TEXT[charge.status]}</p>
  <a href="${escapeHtml(charge.status === "canceled" ? charge.cancelUrl : charge.successUrl)}">Back to Litverse</a>`
  }
  <footer>This page stands in for a payment provider while Litverse runs in sandbox mode.</footer>
</main>
</body>
</html>`;
}
