// "Decisions about your content": each decision's statement of reasons (what was decided, under
// which rule, why, what it means for the account), until when it can be appealed, the appeal
// itself, and the moderator's reply once the appeal is decided. Live: the reply arrives as given.
import {
  COMMUNITY_RULE_LABELS,
  MODERATION_KIND_LABELS,
  type ModerationDecision,
} from "@litverse/shared/moderation";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useNow } from "../../components/people/use-now.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { AppealDialog } from "./appeal-dialog.tsx";
import { AppealBadge, actionText } from "./decision-card.tsx";
import { accountMeaning, canAppeal } from "./moderation-values.ts";
import { useAppeal, useMyDecisions } from "./use-my-safety.ts";

export function MyDecisions() {
  const decisions = useMyDecisions();
  const now = useNow(true, 60_000);
  const [appealing, setAppealing] = useState<ModerationDecision | null>(null);
  const { appeal, isAppealing } = useAppeal();
  return (
    <section aria-labelledby="my-decisions">
      <Card>
        <CardHeader>
          <div>
            <CardTitle id="my-decisions">Decisions about your content</CardTitle>
            <CardDescription>
              Each comes with the reasons for it. You may appeal a decision once; a different moderator looks
              at it.
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          {decisions.isError && !decisions.data ? (
            <ErrorState
              title="Could not load the decisions"
              error={decisions.error}
              onRetry={() => void decisions.refetch()}
              isRetrying={decisions.isFetching}
            />
          ) : !decisions.data ? (
            <Skeleton className="h-32 w-full" />
          ) : decisions.data.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
              No decisions about your content.
            </p>
          ) : (
            <ul className="space-y-4" aria-label="Decisions about your content">
              {decisions.data.map((decision) => (
                <Statement
                  key={decision.id}
                  decision={decision}
                  now={now}
                  onAppeal={() => setAppealing(decision)}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {appealing ? (
        <AppealDialog
          decision={appealing}
          onClose={() => setAppealing(null)}
          appeal={(explanation) => appeal(appealing.id, explanation)}
          isAppealing={isAppealing}
        />
      ) : null}
    </section>
  );
}

/** One decision's statement of reasons, as the person it is about reads it. */
export function Statement({
  decision,
  now,
  onAppeal,
}: {
  decision: ModerationDecision;
  now: number;
  onAppeal: () => void;
}) {
  const { target, appeal } = decision;
  return (
    <li className="space-y-2 rounded-xl border border-border p-4 text-sm" data-testid="statement-of-reasons">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {MODERATION_KIND_LABELS[target.kind]}
        </span>
        {appeal ? <AppealBadge appeal={appeal} /> : null}
      </div>
      <p className="font-semibold break-words">
        {target.link && target.exists ? (
          <Link to={target.link} className="hover:underline">
            {target.label}
          </Link>
        ) : (
          target.label
        )}
      </p>
      {target.text ? (
        <p className="line-clamp-3 rounded-lg bg-muted px-3 py-2 break-words whitespace-pre-line text-muted-foreground">
          {target.text}
        </p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Decided</dt>
        <dd>
          {actionText(decision)}, {formatDateTime(decision.decidedAt)}
          {decision.isAutomated ? " (automatically)" : ""}
        </dd>
        {decision.rule ? (
          <>
            <dt className="text-muted-foreground">Rule</dt>
            <dd>
              {COMMUNITY_RULE_LABELS[decision.rule]}
              {decision.legalGround ? ` (${decision.legalGround})` : ""}
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Why</dt>
        <dd className="break-words whitespace-pre-line">{decision.explanation || "No explanation given."}</dd>
        <dt className="text-muted-foreground">For your account</dt>
        <dd>{accountMeaning(decision)}</dd>
      </dl>
      {appeal ? (
        <div className="space-y-1 rounded-lg bg-muted px-3 py-2">
          <p className="text-xs text-muted-foreground">Your appeal, {formatDateTime(appeal.createdAt)}</p>
          <p className="break-words whitespace-pre-line">{appeal.explanation}</p>
          {appeal.state === "pending" ? (
            <p className="text-muted-foreground">
              A moderator who did not make the decision will look at it.
            </p>
          ) : (
            <p>
              <span className="font-medium">
                {appeal.state === "upheld"
                  ? "Upheld, the decision is reversed"
                  : "Rejected, the decision stands"}
                {appeal.decidedAt ? ` (${formatDate(appeal.decidedAt)})` : ""}:
              </span>{" "}
              <span className="break-words whitespace-pre-line">{appeal.reply}</span>
            </p>
          )}
        </div>
      ) : canAppeal(decision, now) ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-muted-foreground">
            You can appeal until {formatDate(decision.appealableUntil)}.
          </p>
          <Button size="sm" variant="secondary" onClick={onAppeal}>
            Appeal
          </Button>
        </div>
      ) : decision.action !== "dismiss" && !decision.reversedAt ? (
        <p className="text-muted-foreground">
          The time to appeal ended on {formatDate(decision.appealableUntil)}.
        </p>
      ) : null}
    </li>
  );
}
