// The ads' settings as a form: per placement whether ads show there, each person's caps and the
// two prices; the reels interval; the plans that see no ads. Checked with the shared schema first,
// then by the server, whose messages land at their fields.
import {
  AD_PLACEMENTS,
  type AdPlacement,
  type AdPlacementSettings,
  type AdSettings,
} from "@litverse/shared/ads";
import { adSettingsInput } from "@litverse/shared/ads-inputs";
import { PLAN_TIERS, type PlanTier } from "@litverse/shared/coins";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { describeError } from "../../../lib/errors.ts";
import type { FieldErrors } from "../../../lib/form-errors.ts";
import { PlacementFields, type PlacementValues } from "./ad-settings-placement.tsx";
import { useSaveAdSettings } from "./use-ad-settings.ts";

const TIER_LABELS: Record<PlanTier, string> = { premium: "Premium", vvip: "VVIP" };

/** For a placement the server did not list: off, with modest caps, until the team sets it. */
const UNLISTED: Omit<AdPlacementSettings, "placement"> = {
  enabled: false,
  perHour: 2,
  perDay: 10,
  cpmCoins: 10,
  cpcCoins: 1,
};

/** After the fields are marked, the first to fix takes the focus. */
function focusFirstInvalid(formId: string): void {
  requestAnimationFrame(() =>
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
  );
}

const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

function valuesOf(settings: AdSettings): Record<AdPlacement, PlacementValues> {
  const rows = {} as Record<AdPlacement, PlacementValues>;
  for (const placement of AD_PLACEMENTS) {
    const row = settings.placements.find((item) => item.placement === placement) ?? {
      placement,
      ...UNLISTED,
    };
    rows[placement] = {
      enabled: row.enabled,
      perHour: String(row.perHour),
      perDay: String(row.perDay),
      cpmCoins: String(row.cpmCoins),
      cpcCoins: String(row.cpcCoins),
    };
  }
  return rows;
}

/**
 * A message's field: "home.perDay" for a placement's (the placements are sent in AD_PLACEMENTS'
 * order, so the index names the placement), "reelsEvery", "adFreeTiers", or "form".
 */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, index, field] = path;
  if (first === "placements" && typeof field === "string") {
    const placement = AD_PLACEMENTS[Number(index)];
    if (placement) return `${placement}.${field}`;
  }
  if (first === "reelsEvery" || first === "adFreeTiers") return first;
  return "form";
}

export function AdSettingsForm({ settings, canManage }: { settings: AdSettings; canManage: boolean }) {
  const formId = useId();
  const { save, isSaving } = useSaveAdSettings();
  const [placements, setPlacements] = useState(() => valuesOf(settings));
  const [reelsEvery, setReelsEvery] = useState(String(settings.reelsEvery));
  const [adFree, setAdFree] = useState<PlanTier[]>(settings.adFreeTiers);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = adSettingsInput.safeParse({
      placements: AD_PLACEMENTS.map((placement) => {
        const row = placements[placement];
        return {
          placement,
          enabled: row.enabled,
          perHour: numberOf(row.perHour),
          perDay: numberOf(row.perDay),
          cpmCoins: numberOf(row.cpmCoins),
          cpcCoins: numberOf(row.cpcCoins),
        };
      }),
      reelsEvery: numberOf(reelsEvery),
      adFreeTiers: adFree,
    });
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const key = fieldOf(issue.path);
        if (!found[key]) found[key] = [issue.message];
      }
      setErrors(found);
      focusFirstInvalid(formId);
      return;
    }
    setErrors({});
    try {
      await save(checked.data);
    } catch (error) {
      const details = describeError(error, "Could not save the settings.");
      const found: FieldErrors = {};
      for (const [key, messages] of Object.entries(details.fieldErrors)) {
        found[fieldOf(key.split("."))] = messages;
      }
      setErrors(found);
      setFormError(details.message);
      focusFirstInvalid(formId);
    }
  };

  return (
    <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Where ads show</CardTitle>
            <CardDescription>
              Caps count the ads one person is shown in a place, across all advertisers and the team's own.
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4 lg:grid-cols-2">
          {AD_PLACEMENTS.map((placement) => (
            <PlacementFields
              key={placement}
              placement={placement}
              values={placements[placement]}
              errors={errors}
              disabled={!canManage}
              onChange={(change) =>
                setPlacements((current) => ({
                  ...current,
                  [placement]: { ...current[placement], ...change },
                }))
              }
            />
          ))}
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Ads between reels</CardTitle>
              <CardDescription>
                How often an ad comes between the reels, within each person's caps.
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <Field
              label="Reels before each ad"
              error={errors.reelsEvery}
              hint="An ad comes after every this many reels; from 2 to 50."
            >
              <Input
                type="number"
                inputMode="numeric"
                min={2}
                max={50}
                className="max-w-32"
                value={reelsEvery}
                disabled={!canManage}
                onChange={(event) => setReelsEvery(event.target.value)}
              />
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <div>
              <CardTitle>Ad-free plans</CardTitle>
              <CardDescription>Members of the plans checked see no ads anywhere.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <fieldset
              className="space-y-3"
              aria-describedby={errors.adFreeTiers ? `${formId}-tiers-error` : undefined}
            >
              <legend className="sr-only">Plans without ads</legend>
              {PLAN_TIERS.map((tier) => (
                <Checkbox
                  key={tier}
                  label={TIER_LABELS[tier]}
                  checked={adFree.includes(tier)}
                  disabled={!canManage}
                  onCheckedChange={(checked) =>
                    setAdFree((current) =>
                      checked === true
                        ? [...new Set([...current, tier])]
                        : current.filter((item) => item !== tier),
                    )
                  }
                />
              ))}
              {errors.adFreeTiers ? (
                <p
                  id={`${formId}-tiers-error`}
                  className="text-xs font-medium text-rose-600 dark:text-rose-400"
                >
                  {errors.adFreeTiers[0]}
                </p>
              ) : null}
            </fieldset>
          </CardContent>
        </Card>
      </div>

      {formError || errors.form ? (
        <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
          {formError ?? errors.form?.[0]}
        </p>
      ) : null}
      {canManage ? (
        <Button type="submit" isLoading={isSaving}>
          Save settings
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">Changing them needs the ads permission to manage.</p>
      )}
    </form>
  );
}
