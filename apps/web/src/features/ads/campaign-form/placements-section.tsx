// Where the ad shows: the placements open to ads, each with what it is and, for a paid ad, its
// price in the chosen model.
import {
  AD_PLACEMENT_HINTS,
  AD_PLACEMENT_LABELS,
  type AdPlacementSettings,
  type AdPricing,
} from "@litverse/shared/ads";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { formatCount } from "../../../lib/format.ts";
import { rateOf } from "./budget-reach.ts";
import type { CampaignFormMode, CampaignFormValues, FormErrors } from "./campaign-form-values.ts";

/** "20 coins per 1,000 views", "3 coins per click". */
export function priceText(rate: number, pricing: AdPricing): string {
  const coins = `${formatCount(rate)} ${rate === 1 ? "coin" : "coins"}`;
  return pricing === "cpm" ? `${coins} per 1,000 views` : `${coins} per click`;
}

export function PlacementsSection({
  mode,
  placements,
  values,
  onChange,
  errors,
}: {
  mode: CampaignFormMode;
  placements: readonly AdPlacementSettings[];
  values: CampaignFormValues;
  onChange: (change: Partial<CampaignFormValues>) => void;
  errors: FormErrors;
}) {
  const open = placements.filter((row) => row.enabled);
  const toggle = (row: AdPlacementSettings, checked: boolean) =>
    onChange({
      placements: checked
        ? [...values.placements, row.placement]
        : values.placements.filter((placement) => placement !== row.placement),
    });
  return (
    <fieldset className="space-y-3" aria-describedby={errors.placements ? "ad-placements-error" : undefined}>
      <legend className="text-base font-semibold">Where it shows</legend>
      {open.length === 0 ? (
        <p className="text-sm text-muted-foreground">No placement is open to ads right now.</p>
      ) : (
        open.map((row) => (
          <Checkbox
            key={row.placement}
            checked={values.placements.includes(row.placement)}
            onCheckedChange={(checked) => toggle(row, checked === true)}
            label={AD_PLACEMENT_LABELS[row.placement]}
            description={
              mode === "paid"
                ? `${AD_PLACEMENT_HINTS[row.placement]}. ${priceText(rateOf(row, values.pricing), values.pricing)}.`
                : AD_PLACEMENT_HINTS[row.placement]
            }
          />
        ))
      )}
      {errors.placements ? (
        <p id="ad-placements-error" className="text-xs font-medium text-rose-600 dark:text-rose-400">
          {errors.placements.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
