// /subscription/verify?payment=…: where every checkout returns, coin packages and subscriptions
// alike. The page asks the server to verify the payment with the provider (which settles it if it
// is paid), then follows the payment live: a webhook that lands later turns "pending" into the
// result without a reload. "Continue" goes back where the buyer came from.
import { formatPrice, type PaymentView, safeReturnPath } from "@litverse/shared/payments";
import { Ban, CircleCheck, CircleX, Coins, RotateCcw, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useCoinBalance } from "../coins/index.ts";
import { useVerifiedPayment } from "./use-payment.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const coins = (value: number) => value.toLocaleString("en-US");

export function PaymentVerifyPage() {
  useDocumentTitle("Payment");
  const [params] = useSearchParams();
  const paymentId = params.get("payment") ?? "";
  const isValidId = UUID.test(paymentId);
  const leftCheckout = params.get("canceled") === "1";
  const payment = useVerifiedPayment(paymentId, isValidId);

  let body: ReactNode;
  if (!isValidId) {
    body = (
      <ErrorState
        title="No payment to show"
        message="This link does not name a payment. Your purchases show in your wallet."
      />
    );
  } else if (payment.isPending) {
    body = <Checking />;
  } else if (payment.isError) {
    body = (
      <ErrorState
        error={payment.error}
        title="Could not load this payment"
        onRetry={() => void payment.refetch()}
        isRetrying={payment.isFetching}
      />
    );
  } else {
    body = <PaymentResult payment={payment.data} leftCheckout={leftCheckout} />;
  }

  return (
    <Page width="reading" className="flex flex-col py-10 sm:py-16">
      {body}
    </Page>
  );
}

function Checking() {
  return (
    <section role="status" className="flex flex-col items-center py-16 text-center">
      <Spinner size="lg" />
      <p className="mt-4 text-muted-foreground">Checking your payment…</p>
    </section>
  );
}

function continuePath(payment: PaymentView): string {
  return safeReturnPath(payment.returnTo) ?? "/coins/buy";
}

function tryAgainPath(payment: PaymentView): string {
  const returnTo = safeReturnPath(payment.returnTo);
  const page = payment.purpose === "subscription" ? "/subscription/plans" : "/coins/buy";
  return returnTo ? `${page}?${new URLSearchParams({ returnTo })}` : page;
}

function whatWasBought(payment: PaymentView): string {
  if (payment.purpose === "subscription") return payment.planName ?? "Subscription";
  return payment.bonusCoins > 0
    ? `${coins(payment.coins)} coins + ${coins(payment.bonusCoins)} bonus`
    : `${coins(payment.coins)} coins`;
}

function PaymentResult({ payment, leftCheckout }: { payment: PaymentView; leftCheckout: boolean }) {
  const price = formatPrice(payment.amountMinor, payment.currency);
  const summary = (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl bg-muted px-4 py-3 text-left text-sm">
      <dt className="text-muted-foreground">Purchase</dt>
      <dd className="text-right font-medium">{whatWasBought(payment)}</dd>
      <dt className="text-muted-foreground">Amount</dt>
      <dd className="text-right font-medium tabular-nums">{price}</dd>
    </dl>
  );
  const continueButton = (
    <Button asChild size="lg" className="w-full sm:w-auto">
      <Link to={continuePath(payment)}>Continue</Link>
    </Button>
  );

  switch (payment.status) {
    case "paid":
      return (
        <Outcome
          tone="success"
          icon={<CircleCheck className="size-8" aria-hidden />}
          title="Payment successful"
          testId="payment-paid"
        >
          {payment.purpose === "coins" ? (
            <>
              <p className="mt-2 text-muted-foreground">
                {payment.bonusCoins > 0
                  ? `${coins(payment.coins)} coins and ${coins(payment.bonusCoins)} bonus coins were added to your wallet.`
                  : `${coins(payment.coins)} coins were added to your wallet.`}
              </p>
              <NewBalance />
            </>
          ) : (
            <p className="mt-2 text-muted-foreground">
              Your {payment.planName ?? "subscription"} is active. Enjoy reading!
            </p>
          )}
          {summary}
          <div className="mt-8 flex justify-center">{continueButton}</div>
        </Outcome>
      );
    case "pending":
      if (leftCheckout) return <Unfinished payment={payment} summary={summary} />;
      return (
        <Outcome
          tone="neutral"
          icon={<Spinner size="lg" />}
          title="Waiting for confirmation"
          testId="payment-pending"
          isLive
        >
          <p className="mt-2 text-muted-foreground">
            The payment provider has not confirmed your payment yet. This page updates by itself as soon as it
            does; you can also leave it, and the coins will arrive in your wallet.
          </p>
          {summary}
          <div className="mt-8 flex justify-center">
            <Button asChild variant="secondary" size="lg" className="w-full sm:w-auto">
              <Link to={continuePath(payment)}>Continue</Link>
            </Button>
          </div>
        </Outcome>
      );
    case "canceled":
      return <Unfinished payment={payment} summary={summary} />;
    case "failed":
      return (
        <Outcome
          tone="danger"
          icon={<CircleX className="size-8" aria-hidden />}
          title="Payment failed"
          testId="payment-failed"
        >
          <p className="mt-2 text-muted-foreground">
            The payment did not go through, and nothing was added to your wallet. You can try again, with
            another card if need be.
          </p>
          {summary}
          <RetryActions payment={payment} />
        </Outcome>
      );
    case "refunded":
      return (
        <Outcome
          tone="neutral"
          icon={<Undo2 className="size-8" aria-hidden />}
          title="Payment refunded"
          testId="payment-refunded"
        >
          <p className="mt-2 text-muted-foreground">This payment was refunded and its coins taken back.</p>
          {summary}
          <div className="mt-8 flex justify-center">{continueButton}</div>
        </Outcome>
      );
  }
}

function Unfinished({ payment, summary }: { payment: PaymentView; summary: ReactNode }) {
  return (
    <Outcome
      tone="neutral"
      icon={<Ban className="size-8" aria-hidden />}
      title="Payment cancelled"
      testId="payment-canceled"
    >
      <p className="mt-2 text-muted-foreground">You left the checkout before paying. Nothing was charged.</p>
      {summary}
      <RetryActions payment={payment} />
    </Outcome>
  );
}

function RetryActions({ payment }: { payment: PaymentView }) {
  return (
    <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
      <Button asChild variant="secondary" size="lg">
        <Link to={continuePath(payment)}>Continue</Link>
      </Button>
      <Button asChild size="lg">
        <Link to={tryAgainPath(payment)}>
          <RotateCcw aria-hidden />
          Try again
        </Link>
      </Button>
    </div>
  );
}

/** The wallet's balance right now, live: the header's wallet shows the same. */
function NewBalance() {
  const balance = useCoinBalance();
  if (!balance.data) return null;
  return (
    <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-amber-50 px-4 py-1.5 text-sm font-semibold text-amber-900 dark:bg-amber-400/10 dark:text-amber-200">
      <Coins className="size-4" aria-hidden />
      <span>
        New balance:{" "}
        <span className="tabular-nums" data-testid="verify-balance">
          {coins(balance.data.total)}
        </span>{" "}
        coins
      </span>
    </p>
  );
}

const TONES = {
  success: "bg-emerald-50 text-emerald-600 dark:bg-emerald-400/10 dark:text-emerald-300",
  danger: "bg-rose-50 text-rose-600 dark:bg-rose-400/10 dark:text-rose-300",
  neutral: "bg-muted text-muted-foreground",
} as const;

function Outcome({
  tone,
  icon,
  title,
  testId,
  isLive = false,
  children,
}: {
  tone: keyof typeof TONES;
  icon: ReactNode;
  title: string;
  testId: string;
  isLive?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      data-testid={testId}
      aria-live={isLive ? "polite" : undefined}
      className="flex flex-col items-center rounded-2xl border border-border bg-card px-5 py-10 text-center shadow-sm sm:px-10"
    >
      <span className={cn("inline-flex size-16 items-center justify-center rounded-full", TONES[tone])}>
        {icon}
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </section>
  );
}
