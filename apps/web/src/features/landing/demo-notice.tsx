// On a demo server, the landing page says so and offers its accounts: a click starts the sign-in
// with that account's email already filled in (the provider reads it as a login hint).
import { DEMO_PASSWORD, DEMO_SIGN_INS, DEMO_SUMMARY, DEMO_TITLE } from "@litverse/shared/demo-accounts";
import { Info } from "lucide-react";
import { useAuth } from "react-oidc-context";
import { useClientConfig } from "../../lib/client-config.tsx";

export function DemoNotice() {
  const { isDemo } = useClientConfig();
  const auth = useAuth();
  if (!isDemo) return null;
  return (
    <section
      aria-labelledby="demo-notice-title"
      data-testid="demo-notice"
      className="mx-auto mb-12 w-full max-w-3xl rounded-2xl border border-amber-600/40 bg-amber-50 p-5 text-left text-amber-950 dark:border-amber-400/40 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <h2 id="demo-notice-title" className="flex items-center gap-2 font-semibold">
        <Info className="size-4 shrink-0" aria-hidden />
        {DEMO_TITLE}
      </h2>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">{DEMO_SUMMARY}</p>
      <p className="mt-3 text-sm text-amber-900 dark:text-amber-200">
        Sign in as one of its accounts, with the password{" "}
        <code className="rounded bg-amber-100 px-1 font-mono text-amber-950 dark:bg-amber-900 dark:text-amber-50">
          {DEMO_PASSWORD}
        </code>
        :
      </p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {DEMO_SIGN_INS.map((account) => (
          <li key={account.email}>
            <button
              type="button"
              onClick={() => void auth.signinRedirect({ login_hint: account.email })}
              className="flex w-full flex-col items-start rounded-lg border border-amber-600/30 bg-card px-3 py-2 text-left text-foreground transition hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-amber-400/30"
            >
              <span className="font-mono text-sm font-semibold break-all">{account.email}</span>
              <span className="text-xs text-muted-foreground">{account.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
