// The sandbox payment provider's checkout: what Stripe's or Paystack's hosted page is to them,
// drawn as its own page without the app's frame. Only the person who started the checkout can see
// it and pay, fail or cancel it; then the buyer goes back where a real provider would send them.
import { PRODUCT_NAME } from "@litverse/shared/constants";
import { formatPrice, type SandboxCheckoutView } from "@litverse/shared/payments";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { errorCode } from "../../lib/errors.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { SignInButton } from "../session/index.ts";
import {
  type CheckoutOutcome,
  useCompleteSandboxCheckout,
  useSandboxCheckout,
} from "./use-sandbox-checkout.ts";

const CLOSED_TEXT: Record<Exclude<SandboxCheckoutView["status"], "open">, string> = {
  paid: "This checkout has been paid.",
  failed: "This payment failed.",
  canceled: "This checkout was cancelled.",
  refunded: "This payment was refunded.",
};

export function SandboxCheckoutPage() {
  const { reference = "" } = useParams();
  const checkout = useSandboxCheckout(reference);
  const price = checkout.data ? formatPrice(checkout.data.amountMinor, checkout.data.currency) : null;
  useDocumentTitle(price ? `Sandbox checkout · ${price}` : "Sandbox checkout");

  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 px-4 py-8 dark:bg-stone-950">
      <div className="w-full max-w-md rounded-3xl border border-border bg-card p-7 shadow-lg">
        <span className="inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-amber-900 uppercase dark:bg-amber-950 dark:text-amber-200">
          Sandbox · no real money
        </span>
        <h1 className="mt-4 text-sm font-medium text-muted-foreground">{PRODUCT_NAME} checkout</h1>
        {checkout.isPending ? (
          <div role="status" aria-label="Loading the checkout" className="mt-2 space-y-3">
            <Skeleton className="h-10 w-32" />
            <Skeleton className="h-5 w-56" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : checkout.isError ? (
          <CheckoutError error={checkout.error} />
        ) : (
          <CheckoutDetails checkout={checkout.data} price={price ?? ""} />
        )}
        <p className="mt-6 text-xs text-muted-foreground">
          This page stands in for a payment provider while {PRODUCT_NAME} takes payments through its sandbox.
        </p>
      </div>
    </main>
  );
}

function CheckoutError({ error }: { error: unknown }) {
  if (errorCode(error) === "UNAUTHORIZED") {
    return (
      <div className="mt-4 space-y-4">
        <p>Sign in with the account that started this checkout to continue.</p>
        <SignInButton />
      </div>
    );
  }
  return (
    <ErrorState error={error} title="This checkout cannot be shown" className="mt-4 border-0 px-0 py-6" />
  );
}

function CheckoutDetails({ checkout, price }: { checkout: SandboxCheckoutView; price: string }) {
  const navigate = useNavigate();
  const complete = useCompleteSandboxCheckout();
  const [choice, setChoice] = useState<CheckoutOutcome | null>(null);

  const decide = async (outcome: CheckoutOutcome) => {
    setChoice(outcome);
    await complete(checkout.reference, outcome, {
      onCompleted: (redirectTo) => navigate(redirectTo),
      onFailed: () => setChoice(null),
    });
  };

  return (
    <>
      <p className="mt-1 text-4xl font-bold tracking-tight" data-testid="sandbox-amount">
        {price}
      </p>
      <p className="mt-1 text-lg">{checkout.description}</p>
      <p className="mt-3 text-xs break-all text-muted-foreground">Reference {checkout.reference}</p>
      {checkout.status === "open" ? (
        <div className="mt-6 grid gap-2.5">
          <Button
            size="lg"
            onClick={() => decide("pay")}
            isLoading={choice === "pay"}
            disabled={choice !== null}
          >
            Pay {price}
          </Button>
          <Button
            size="lg"
            variant="secondary"
            onClick={() => decide("pay_lost")}
            isLoading={choice === "pay_lost"}
            disabled={choice !== null}
            title="Paid, but Litverse is never told and you do not come back: the case a support agent fixes"
          >
            Pay, but lose the notification
          </Button>
          <Button
            size="lg"
            variant="secondary"
            className="text-rose-700 dark:text-rose-300"
            onClick={() => decide("fail")}
            isLoading={choice === "fail"}
            disabled={choice !== null}
          >
            Fail
          </Button>
          <Button
            size="lg"
            variant="ghost"
            onClick={() => decide("cancel")}
            isLoading={choice === "cancel"}
            disabled={choice !== null}
          >
            Cancel
          </Button>
        </div>
      ) : (
        <div className="mt-6 space-y-3">
          <p role="status" className="rounded-xl bg-muted px-4 py-3">
            {CLOSED_TEXT[checkout.status]}
          </p>
          <Link to={checkout.returnPath} className="font-medium text-brand-700 underline dark:text-brand-400">
            Back to {PRODUCT_NAME}
          </Link>
        </div>
      )}
    </>
  );
}
