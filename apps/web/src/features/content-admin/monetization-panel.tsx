// How a title's priced episodes open besides coins one by one: the "unlock all remaining"
// discount, the wait-for-free timer and rentals. An empty field switches an offer off. Saved through
// the same update function as the title's details, which checks the same rules on the server.
import type { AdminContentDetail } from "@litverse/shared/content";
import { updateContentInput } from "@litverse/shared/content-inputs";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { dataFieldErrors, type FieldErrors } from "../../lib/form-errors.ts";
import { useLeaveWarning } from "../../lib/use-leave-warning.ts";
import { useSaveUnlockOptions } from "./use-title-changes.ts";

interface Fields {
  bulkDiscountPercent: string;
  waitForFreeHours: string;
  rentalPriceCoins: string;
  rentalHours: string;
}

const KEYS = ["bulkDiscountPercent", "waitForFreeHours", "rentalPriceCoins", "rentalHours"] as const;

function fieldsOf(detail: AdminContentDetail): Fields {
  return {
    bulkDiscountPercent: String(detail.bulkDiscountPercent),
    waitForFreeHours: detail.waitForFreeHours === null ? "" : String(detail.waitForFreeHours),
    rentalPriceCoins: detail.rentalPriceCoins === null ? "" : String(detail.rentalPriceCoins),
    rentalHours: detail.rentalHours === null ? "" : String(detail.rentalHours),
  };
}

/** "" is off (null); the discount's "" is 0. Anything else goes to the schema as a number to judge. */
function toValue(key: keyof Fields, text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return key === "bulkDiscountPercent" ? 0 : null;
  return Number(trimmed);
}

export function MonetizationPanel({ detail }: { detail: AdminContentDetail }) {
  const server = fieldsOf(detail);
  const [draft, setDraft] = useState<Partial<Fields>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, isPending } = useSaveUnlockOptions();
  const value = (key: keyof Fields) => draft[key] ?? server[key];
  const set = (key: keyof Fields, next: string) => {
    setDraft((current) => ({ ...current, [key]: next }));
    setErrors(({ [key]: _removed, form: _form, ...rest }) => rest);
  };
  const changed = KEYS.filter(
    (key) => key in draft && toValue(key, draft[key] ?? "") !== toValue(key, server[key]),
  );
  const isDirty = changed.length > 0;
  useLeaveWarning(isDirty);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isDirty) return;
    const data: Record<string, number | null> = {};
    for (const key of changed) data[key] = toValue(key, value(key));
    // The rental is one offer: both of its fields travel together.
    if ("rentalPriceCoins" in data || "rentalHours" in data) {
      data.rentalPriceCoins = toValue("rentalPriceCoins", value("rentalPriceCoins"));
      data.rentalHours = toValue("rentalHours", value("rentalHours"));
    }
    const parsed = updateContentInput.safeParse({ id: detail._id, data });
    if (!parsed.success) {
      setErrors(dataFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await save(parsed.data, { onSaved: () => setDraft({}), onFailed: setErrors });
  };

  const numberInput = (key: keyof Fields, props: { min: number; max: number; placeholder?: string }) => (
    <Input
      type="number"
      inputMode="numeric"
      step={1}
      {...props}
      value={value(key)}
      onChange={(event) => set(key, event.target.value)}
    />
  );

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Unlock options</CardTitle>
          <CardDescription>
            Ways to open priced episodes besides coins one by one. Leave a field empty to switch it off.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-5"
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label="Unlock options"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Bulk discount (%)"
              error={errors.bulkDiscountPercent}
              hint="“Unlock all remaining” costs the sum of the prices less this, 0 to 90 %."
            >
              {numberInput("bulkDiscountPercent", { min: 0, max: 90, placeholder: "0" })}
            </Field>
            <Field
              label="Wait for free (hours)"
              error={errors.waitForFreeHours}
              hint="One priced episode free per reader every this many hours, 1 to 720."
            >
              {numberInput("waitForFreeHours", { min: 1, max: 720, placeholder: "Off" })}
            </Field>
            <Field
              label="Rental price (coins)"
              error={errors.rentalPriceCoins}
              hint="Set both rental fields, or neither."
            >
              {numberInput("rentalPriceCoins", { min: 1, max: 10_000, placeholder: "Off" })}
            </Field>
            <Field label="Rental length (hours)" error={errors.rentalHours} hint="1 to 720 hours.">
              {numberInput("rentalHours", { min: 1, max: 720, placeholder: "Off" })}
            </Field>
          </div>
          {errors.form ? (
            <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
              {errors.form[0]}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-end">
            <p className="text-sm text-muted-foreground sm:mr-auto" aria-live="polite">
              {isDirty ? "Unsaved changes" : "All changes saved"}
            </p>
            <Button
              variant="secondary"
              disabled={!isDirty || isPending}
              onClick={() => {
                setDraft({});
                setErrors({});
              }}
            >
              Discard
            </Button>
            <Button type="submit" disabled={!isDirty} isLoading={isPending}>
              Save unlock options
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
