// One placement's settings: whether ads show there, how many one person may be shown in an hour
// and in a day, and the two prices advertisers choose between.
import { AD_PLACEMENT_HINTS, AD_PLACEMENT_LABELS, type AdPlacement } from "@litverse/shared/ads";
import { useId } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import type { FieldErrors } from "../../../lib/form-errors.ts";

export interface PlacementValues {
  enabled: boolean;
  perHour: string;
  perDay: string;
  cpmCoins: string;
  cpcCoins: string;
}

type NumberField = Exclude<keyof PlacementValues, "enabled">;

interface NumberInput {
  field: NumberField;
  label: string;
  min: number;
  max: number;
}

/** Each pair under a legend that says what its two numbers are. */
const GROUPS: Array<{ legend: string; hint: string; inputs: [NumberInput, NumberInput] }> = [
  {
    legend: "Most ads one person sees",
    hint: "From 0 (none) to 60 an hour and 500 a day.",
    inputs: [
      { field: "perHour", label: "In an hour", min: 0, max: 60 },
      { field: "perDay", label: "In a day", min: 0, max: 500 },
    ],
  },
  {
    legend: "Prices, in coins",
    hint: "A view is half the ad on screen for a second.",
    inputs: [
      { field: "cpmCoins", label: "Per 1,000 views", min: 1, max: 100_000 },
      { field: "cpcCoins", label: "Per click", min: 1, max: 10_000 },
    ],
  },
];

export function PlacementFields({
  placement,
  values,
  errors,
  disabled,
  onChange,
}: {
  placement: AdPlacement;
  values: PlacementValues;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (change: Partial<PlacementValues>) => void;
}) {
  const headingId = useId();
  const label = AD_PLACEMENT_LABELS[placement];
  return (
    <section
      aria-labelledby={headingId}
      className={cn("space-y-4 rounded-xl border border-border p-4", !values.enabled && "bg-muted")}
      data-testid={`placement-${placement}`}
    >
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold">
            {label}
          </h3>
          <p className="text-xs text-muted-foreground">{AD_PLACEMENT_HINTS[placement]}</p>
        </div>
        <Switch
          checked={values.enabled}
          disabled={disabled}
          aria-label={`Show ads: ${label}`}
          onCheckedChange={(enabled) => onChange({ enabled })}
        />
      </div>
      {errors[`${placement}.enabled`] ? (
        <p className="text-xs font-medium text-rose-600 dark:text-rose-400">
          {errors[`${placement}.enabled`]?.[0]}
        </p>
      ) : null}
      {GROUPS.map((group) => (
        <fieldset key={group.legend} className="space-y-2">
          <legend className="mb-2 text-sm font-medium">{group.legend}</legend>
          <div className="grid grid-cols-2 gap-3">
            {group.inputs.map(({ field, label: fieldLabel, min, max }) => (
              <Field key={field} label={fieldLabel} error={errors[`${placement}.${field}`]}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={min}
                  max={max}
                  step={1}
                  value={values[field]}
                  disabled={disabled}
                  onChange={(event) => onChange({ [field]: event.target.value })}
                />
              </Field>
            ))}
          </div>
          <p className="text-xs text-muted-foreground">{group.hint}</p>
        </fieldset>
      ))}
    </section>
  );
}
