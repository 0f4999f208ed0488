// The plans, on offer or not, with their subscribers in force; a new plan or an edit in a dialog.
import type { AdminPlanRow } from "@litverse/shared/subscriptions";
import { Crown, Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatCount } from "../../lib/format.ts";
import { PlanDialog } from "./plan-dialog.tsx";
import { priceLabel, TIER_LABELS } from "./plan-values.ts";
import { useAdminPlans } from "./use-plans-admin.ts";

export function PlansPanel() {
  const plans = useAdminPlans();
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<AdminPlanRow | null>(null);

  return (
    <section aria-labelledby="plans-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="plans-heading" className="text-lg font-semibold">
            Plans
          </h2>
          <p className="text-sm text-muted-foreground">
            What readers can subscribe to on Subscription Plans.
          </p>
        </div>
        <Button onClick={() => setIsCreating(true)}>
          <Plus aria-hidden />
          New plan
        </Button>
      </div>
      {plans.isError ? (
        <ErrorState
          error={plans.error}
          title="Could not load the plans"
          onRetry={() => void plans.refetch()}
        />
      ) : !plans.data ? (
        <div role="status" aria-label="Loading plans">
          <Skeleton className="h-48 w-full" />
        </div>
      ) : plans.data.length === 0 ? (
        <EmptyState
          as="h3"
          icon={Crown}
          title="No plans yet"
          text="Create a Premium or VVIP plan for readers to subscribe to."
        />
      ) : (
        <Table caption="Subscription plans">
          <THead>
            <TR>
              <TH>Plan</TH>
              <TH>Price</TH>
              <TH>Bonus coins / month</TH>
              <TH>Subscribers</TH>
              <TH>Status</TH>
              <TH>Order</TH>
              <TH>
                <span className="sr-only">Actions</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {plans.data.map((plan) => (
              <TR key={plan.id}>
                <TH>
                  <span className="flex items-center gap-2">
                    {plan.name}
                    <Badge variant={plan.tier}>{TIER_LABELS[plan.tier]}</Badge>
                  </span>
                </TH>
                <TD>{priceLabel(plan)}</TD>
                <TD>{formatCount(plan.monthlyBonusCoins)}</TD>
                <TD>{formatCount(plan.subscribers)}</TD>
                <TD>
                  <Badge variant={plan.isActive ? "success" : "neutral"}>
                    {plan.isActive ? "On offer" : "Hidden"}
                  </Badge>
                </TD>
                <TD>{plan.sortOrder}</TD>
                <TD className="text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing(plan)}
                    aria-label={`Edit ${plan.name}`}
                  >
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      {/* Mounted when opened, so that each opening starts from the plan as it is now. */}
      {isCreating ? <PlanDialog open onOpenChange={setIsCreating} /> : null}
      {editing ? (
        <PlanDialog
          key={editing.id}
          open
          plan={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
