// The Coming soon tab: the mode that keeps everyone but administrators out, and the texts of the
// page visitors then see, with a preview. Superadmins change them; admins see them read-only.
import { updateComingSoonSettingsInput } from "@litverse/shared/system-settings-inputs";
import { Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { ComingSoonPreview } from "./coming-soon-preview.tsx";
import { type ComingSoonForm, changedSettings, formOf } from "./coming-soon-values.ts";
import {
  useCanEditComingSoon,
  useComingSoonSettings,
  useSaveComingSoonSettings,
} from "./use-coming-soon-admin.ts";

export function ComingSoonTab() {
  const settings = useComingSoonSettings();
  if (settings.isError && !settings.data) {
    return (
      <ErrorState
        title="Could not load the coming-soon settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  }
  if (!settings.data) {
    return (
      <div role="status" aria-label="Loading the coming-soon settings" className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }
  return <ComingSoonEditor saved={formOf(settings.data)} />;
}

function ComingSoonEditor({ saved }: { saved: ComingSoonForm }) {
  const canEdit = useCanEditComingSoon();
  // Untouched, the form follows the saved settings live; once edited, it keeps the draft.
  const [draft, setDraft] = useState<ComingSoonForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const { save, isPending } = useSaveComingSoonSettings();
  const form = draft ?? saved;
  const update = changedSettings(saved, form);
  const hasChanges = Object.keys(update).length > 0;
  const set = (patch: Partial<ComingSoonForm>) => setDraft({ ...form, ...patch });

  const commit = async () => {
    const refused = await save(update);
    if (refused) setErrors(refused);
    else {
      setErrors({});
      setDraft(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateComingSoonSettingsInput.safeParse(update);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = typeof issue.path[0] === "string" ? issue.path[0] : "form";
        found[key] = [...(found[key] ?? []), issue.message];
      }
      setErrors(found);
      return;
    }
    setErrors({});
    if (update.isComingSoonMode !== undefined) setIsConfirming(true);
    else void commit();
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="p-5">
        <h2 className="text-lg font-semibold">Coming-soon mode</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          While it is on, visitors and readers see only the coming-soon page; administrators keep using the
          app.
        </p>
        {canEdit ? null : (
          <p
            className="mt-4 flex items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm"
            data-testid="coming-soon-read-only"
          >
            <Lock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            Only a superadmin can change these.
          </p>
        )}
        <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
          {errors.form ? (
            <p
              role="alert"
              className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700 dark:bg-rose-400/10 dark:text-rose-300"
            >
              {errors.form[0]}
            </p>
          ) : null}
          <div>
            <Switch
              label="Coming-soon mode"
              description={
                form.isComingSoonMode
                  ? "On: everyone but administrators sees the coming-soon page."
                  : "Off: the app is open to everyone."
              }
              checked={form.isComingSoonMode}
              onCheckedChange={(isComingSoonMode) => set({ isComingSoonMode })}
              disabled={!canEdit}
            />
            {errors.isComingSoonMode ? (
              <p className="mt-1 text-xs font-medium text-rose-600 dark:text-rose-400">
                {errors.isComingSoonMode[0]}
              </p>
            ) : null}
          </div>
          <Field label="Title" required error={errors.comingSoonTitle}>
            <Input
              value={form.comingSoonTitle}
              onChange={(event) => set({ comingSoonTitle: event.target.value })}
              disabled={!canEdit}
              maxLength={120}
            />
          </Field>
          <Field label="Description" error={errors.comingSoonDescription}>
            <Textarea
              value={form.comingSoonDescription}
              onChange={(event) => set({ comingSoonDescription: event.target.value })}
              disabled={!canEdit}
              rows={4}
              maxLength={1000}
            />
          </Field>
          <Field
            label="Expected launch"
            hint="Free text, shown as written (“Spring 2027”). Leave it empty to leave the line out."
            error={errors.expectedLaunchDate}
          >
            <Input
              value={form.expectedLaunchDate}
              onChange={(event) => set({ expectedLaunchDate: event.target.value })}
              disabled={!canEdit}
              maxLength={120}
            />
          </Field>
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              <Button type="submit" isLoading={isPending && !isConfirming} disabled={!hasChanges}>
                Save settings
              </Button>
              {draft && hasChanges ? (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setDraft(null);
                    setErrors({});
                  }}
                >
                  Discard changes
                </Button>
              ) : null}
            </div>
          ) : null}
        </form>
      </Card>
      <Card className="p-5">
        <ComingSoonPreview form={form} />
      </Card>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        variant={form.isComingSoonMode ? "danger" : "primary"}
        title={form.isComingSoonMode ? "Turn coming-soon mode on?" : "Turn coming-soon mode off?"}
        description={
          form.isComingSoonMode
            ? "Turning coming-soon mode on keeps everyone but administrators out of the app: they see the coming-soon page until it is turned off."
            : "Turning coming-soon mode off opens the app to everyone again."
        }
        confirmLabel={form.isComingSoonMode ? "Turn it on and save" : "Turn it off and save"}
        onConfirm={commit}
      />
    </div>
  );
}
