// The Settings tab: the weighted reports that hide an item at once, per category. Only those who
// may manage moderation change them; the others see them.
import { REPORT_CATEGORIES, REPORT_CATEGORY_LABELS, type ReportCategory } from "@litverse/shared/moderation";
import { thresholdsInput } from "@litverse/shared/moderation-inputs";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { describeError } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { useModerationAccess } from "./use-moderation-access.ts";
import { useModerationSettings, useSaveThresholds } from "./use-moderation-settings.ts";

export function SettingsTab() {
  const settings = useModerationSettings();
  if (settings.isError && !settings.data) {
    return (
      <ErrorState
        title="Could not load the settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  }
  if (!settings.data) return <Skeleton className="h-96 w-full rounded-2xl" />;
  // Keyed by what was loaded: saved thresholds coming back start the form afresh.
  return (
    <ThresholdsForm key={JSON.stringify(settings.data.thresholds)} thresholds={settings.data.thresholds} />
  );
}

function ThresholdsForm({ thresholds }: { thresholds: Record<ReportCategory, number> }) {
  const { canManage } = useModerationAccess();
  const { save, isSaving } = useSaveThresholds();
  const [values, setValues] = useState<Record<ReportCategory, string>>(
    () =>
      Object.fromEntries(
        REPORT_CATEGORIES.map((category) => [category, String(thresholds[category])]),
      ) as Record<ReportCategory, string>,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const asked = Object.fromEntries(
      REPORT_CATEGORIES.map((category) => [
        category,
        values[category].trim() === "" ? Number.NaN : Number(values[category]),
      ]),
    );
    const checked = thresholdsInput.safeParse({ thresholds: asked });
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const key = typeof issue.path[1] === "string" ? issue.path[1] : "form";
        found[key] = [
          ...(found[key] ?? []),
          issue.message.startsWith("Invalid") ? "Give a number" : issue.message,
        ];
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save(checked.data.thresholds);
    } catch (error) {
      setFormError(describeError(error, "Could not save the thresholds.").message);
    }
  };

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Hide thresholds</CardTitle>
          <CardDescription>
            An item whose weighted reports reach its category's threshold is hidden at once, pending review,
            and its author is told.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
          <div className="grid grid-cols-2 items-end gap-4 lg:grid-cols-3">
            {REPORT_CATEGORIES.map((category) => (
              <Field key={category} label={REPORT_CATEGORY_LABELS[category]} error={errors[category]}>
                <Input
                  type="number"
                  inputMode="decimal"
                  min={1}
                  max={1000}
                  step="any"
                  value={values[category]}
                  disabled={!canManage}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [category]: event.target.value }))
                  }
                />
              </Field>
            ))}
          </div>
          {formError || errors.form ? (
            <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
              {formError ?? errors.form?.[0]}
            </p>
          ) : null}
          {canManage ? (
            <Button type="submit" isLoading={isSaving}>
              Save thresholds
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">
              Changing them needs the moderation permission to manage.
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
