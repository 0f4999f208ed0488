// Creating a subscription plan, or changing one. Prices are typed in the currency's major unit
// ("4.99") and stored in its minor unit (499). Price changes apply to new subscribers and renewals.
import type { PlanInterval, PlanTier } from "@litverse/shared/coins";
import type { AdminPlanRow } from "@litverse/shared/subscriptions";
import { createPlanInput, updatePlanInput } from "@litverse/shared/subscriptions-inputs";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { dataFieldErrors, type FieldErrors } from "../../lib/form-errors.ts";
import { EMPTY_PLAN_FORM, formValuesOf, type PlanFormValues, planFieldsOf } from "./plan-form.ts";
import { useSavePlan } from "./use-plans-admin.ts";

const INTERVAL_ITEMS: { value: PlanInterval; label: string }[] = [
  { value: "month", label: "Every month" },
  { value: "year", label: "Every year" },
];
const TIER_ITEMS: { value: PlanTier; label: string }[] = [
  { value: "premium", label: "Premium: premium titles" },
  { value: "vvip", label: "VVIP: every title" },
];

export function PlanDialog({
  open,
  onOpenChange,
  plan,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plan to change; a new one without. */
  plan?: AdminPlanRow;
}) {
  const [values, setValues] = useState<PlanFormValues>(plan ? formValuesOf(plan) : EMPTY_PLAN_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { createPlan, updatePlan, isPending } = useSavePlan();
  const set = <Key extends keyof PlanFormValues>(key: Key, value: PlanFormValues[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const change = (next: boolean) => {
    if (isPending) return;
    if (next) {
      setValues(plan ? formValuesOf(plan) : EMPTY_PLAN_FORM);
      setErrors({});
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = planFieldsOf(values);
    const parsed = plan
      ? updatePlanInput.safeParse({ id: plan.id, data })
      : createPlanInput.safeParse({ data });
    if (!parsed.success) {
      const found = dataFieldErrors(parsed.error);
      // The price field holds text in major units; its message says what to type.
      if (found.priceMinor) found.price = ["Enter a price such as 4.99"];
      return setErrors(found);
    }
    setErrors({});
    const callbacks = { onSaved: () => onOpenChange(false), onFailed: setErrors };
    if (plan) await updatePlan(plan.id, parsed.data.data, data.name.trim(), callbacks);
    else await createPlan(parsed.data.data as typeof data, data.name.trim(), callbacks);
  };

  const formId = plan ? `plan-form-${plan.id}` : "plan-form-new";
  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title={plan ? `Edit “${plan.name}”` : "New plan"}
      description={
        plan
          ? "A new price applies to new subscribers and to renewals; what was paid stays as paid."
          : "Readers see active plans on Subscription Plans, in the order given here."
      }
      submitLabel={plan ? "Save plan" : "Create plan"}
      isPending={isPending}
      isCancelDisabled={isPending}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      {errors.form ? (
        <p
          role="alert"
          className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700 dark:bg-rose-400/10 dark:text-rose-300"
        >
          {errors.form[0]}
        </p>
      ) : null}
      <Field label="Name" required error={errors.name} hint="Shown on the plan's card: “Premium monthly”.">
        <Input value={values.name} onChange={(event) => set("name", event.target.value)} maxLength={80} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Price" required error={errors.price} hint="Per billing period, e.g. 4.99.">
          <Input
            inputMode="decimal"
            value={values.price}
            onChange={(event) => set("price", event.target.value)}
          />
        </Field>
        <Field label="Currency" required error={errors.currency} hint="Three letters: USD, EUR, NGN.">
          <Input
            value={values.currency}
            onChange={(event) => set("currency", event.target.value.toUpperCase())}
            maxLength={3}
            autoCapitalize="characters"
          />
        </Field>
        <Field label="Billed" error={errors.interval}>
          <Select<PlanInterval>
            items={INTERVAL_ITEMS}
            value={values.interval}
            onValueChange={(value) => set("interval", value)}
          />
        </Field>
        <Field label="Tier" error={errors.tier}>
          <Select<PlanTier>
            items={TIER_ITEMS}
            value={values.tier}
            onValueChange={(value) => set("tier", value)}
          />
        </Field>
        <Field
          label="Bonus coins each month"
          error={errors.monthlyBonusCoins}
          hint="Granted at the start of every month, yearly plans included; they expire after 30 days."
        >
          <Input
            inputMode="numeric"
            value={values.monthlyBonusCoins}
            onChange={(event) => set("monthlyBonusCoins", event.target.value)}
          />
        </Field>
        <Field label="Order" error={errors.sortOrder} hint="Lower numbers come first.">
          <Input
            inputMode="numeric"
            value={values.sortOrder}
            onChange={(event) => set("sortOrder", event.target.value)}
          />
        </Field>
      </div>
      <Field label="Benefits" error={errors.benefits} hint="One per line, as listed on the plan's card.">
        <Textarea
          value={values.benefits}
          onChange={(event) => set("benefits", event.target.value)}
          rows={4}
          maxLength={2000}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Stripe price id"
          error={errors.providerPlanIds}
          hint="Only when payments go through Stripe: price_…"
        >
          <Input value={values.stripePlanId} onChange={(event) => set("stripePlanId", event.target.value)} />
        </Field>
        <Field label="Paystack plan code" hint="Only when payments go through Paystack: PLN_…">
          <Input
            value={values.paystackPlanId}
            onChange={(event) => set("paystackPlanId", event.target.value)}
          />
        </Field>
      </div>
      <Switch
        label="On offer"
        description="Readers can subscribe. Switching it off keeps current subscribers."
        checked={values.isActive}
        onCheckedChange={(checked) => set("isActive", checked)}
      />
    </FormDialog>
  );
}
