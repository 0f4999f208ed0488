// When the ad runs and what it costs: the schedule in the person's own time; for a paid ad the
// model, the budget held at once and what it buys at these prices; for a house ad its priority.
import {
  AD_PRICING_LABELS,
  AD_PRICING_MODELS,
  type AdOptions,
  HOUSE_AD_PRIORITIES,
  HOUSE_AD_PRIORITY_LABELS,
  type HouseAdPriority,
} from "@litverse/shared/ads";
import { ChoiceGroup } from "../../../components/ui/choice-group.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { formatCount } from "../../../lib/format.ts";
import { formatCoins } from "../report/report-values.ts";
import { estimateReach, parseCoins } from "./budget-reach.ts";
import type { CampaignFormMode, CampaignFormValues, FormErrors } from "./campaign-form-values.ts";

const PRICING_HINTS = {
  cpm: "Counted when at least half the ad is seen for a second.",
  cpc: "Counted when someone opens the ad.",
} as const;

export function ScheduleSection({
  mode,
  options,
  values,
  onChange,
  errors,
  heldCoins = 0,
}: {
  mode: CampaignFormMode;
  options: AdOptions;
  values: CampaignFormValues;
  onChange: (change: Partial<CampaignFormValues>) => void;
  errors: FormErrors;
  /** What an edited campaign already holds from the wallet. */
  heldCoins?: number;
}) {
  return (
    <section aria-labelledby="ad-schedule-heading" className="space-y-4">
      <h3 id="ad-schedule-heading" className="text-base font-semibold">
        {mode === "paid" ? "Schedule and budget" : "Schedule and priority"}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Starts" error={errors.startsAt} required>
          <Input
            type="datetime-local"
            value={values.startsAt}
            onChange={(event) => onChange({ startsAt: event.target.value })}
          />
        </Field>
        <Field
          label="Ends"
          hint={`At most ${options.maxDays} days after the start.`}
          error={errors.endsAt}
          required
        >
          <Input
            type="datetime-local"
            value={values.endsAt}
            onChange={(event) => onChange({ endsAt: event.target.value })}
          />
        </Field>
      </div>
      {mode === "paid" ? (
        <PaidBudget
          heldCoins={heldCoins}
          options={options}
          values={values}
          onChange={onChange}
          errors={errors}
        />
      ) : (
        <Field
          label="Priority"
          hint="Where it stands against paid ads in the same place."
          error={errors.priority}
        >
          <NativeSelect<HouseAdPriority>
            items={HOUSE_AD_PRIORITIES.map((priority) => ({
              value: priority,
              label: HOUSE_AD_PRIORITY_LABELS[priority],
            }))}
            value={values.priority}
            onValueChange={(priority) => onChange({ priority })}
          />
        </Field>
      )}
    </section>
  );
}

function PaidBudget({
  options,
  values,
  onChange,
  errors,
  heldCoins,
}: {
  heldCoins: number;
  options: AdOptions;
  values: CampaignFormValues;
  onChange: (change: Partial<CampaignFormValues>) => void;
  errors: FormErrors;
}) {
  const budget = parseCoins(values.budgetCoins);
  const reach = estimateReach(budget, values.pricing, options.placements, values.placements);
  return (
    <>
      <ChoiceGroup
        legend="How you pay"
        choices={AD_PRICING_MODELS.map((pricing) => ({
          value: pricing,
          label: AD_PRICING_LABELS[pricing],
          hint: PRICING_HINTS[pricing],
        }))}
        value={values.pricing}
        onChange={(pricing) => onChange({ pricing })}
        error={errors.pricing}
        className="sm:grid-cols-2"
      />
      <Field
        label="Budget in coins"
        hint={`From ${formatCount(options.minBudgetCoins)} to ${options.maxBudgetCoins.toLocaleString("en-US")} coins. You have ${options.balance.toLocaleString("en-US")}${heldCoins > 0 ? `, besides the ${formatCoins(heldCoins)} held for this ad` : ""}.`}
        error={errors.budgetCoins}
        required
      >
        <Input
          inputMode="numeric"
          value={values.budgetCoins}
          onChange={(event) => onChange({ budgetCoins: event.target.value })}
          className="max-w-40"
        />
      </Field>
      <p className="text-sm font-medium" aria-live="polite" data-testid="ad-estimate">
        {reach
          ? `≈ ${reach.count.toLocaleString("en-US")} ${reach.unit === "views" ? "views" : reach.count === 1 ? "click" : "clicks"} at these prices`
          : "Choose a placement and a budget to see what it buys."}
      </p>
      <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
        The whole budget is held from your wallet when you submit. What is not spent comes back to you if the
        ad is rejected, when you stop it, or when it ends.
      </p>
    </>
  );
}
