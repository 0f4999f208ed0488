// The Badges tab: the badges people can earn (what each counts, its tiers and icon) and a dialog
// that creates one from the fixed set of measures, with thresholds and an icon.
import {
  BADGE_ICONS,
  BADGE_MEASURE_LABELS,
  BADGE_MEASURES,
  BADGE_TIERS_MAX,
  type BadgeIcon,
  type BadgeMeasure,
} from "@litverse/shared/rewards";
import { Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { formatCount } from "../../lib/format.ts";
import { BADGE_ICON_COMPONENTS, badgeIconOf } from "./reward-labels.ts";
import { useBadges, useCreateBadge } from "./use-badges.ts";

export function BadgesTab() {
  const badges = useBadges();
  const [isCreating, setIsCreating] = useState(false);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          People earn a tier when their count for the badge's measure reaches its threshold.
        </p>
        <Button onClick={() => setIsCreating(true)}>
          <Plus aria-hidden /> New badge
        </Button>
      </div>
      {badges.isError && !badges.data ? (
        <ErrorState
          title="Could not load the badges"
          error={badges.error}
          onRetry={() => void badges.refetch()}
        />
      ) : !badges.data ? (
        <Skeleton className="h-64" />
      ) : (
        <Table caption="Badges">
          <THead>
            <tr>
              <TH>Badge</TH>
              <TH>Counts</TH>
              <TH className="text-right">Tiers</TH>
            </tr>
          </THead>
          <TBody>
            {badges.data.map((badge) => {
              const Icon = badgeIconOf(badge.icon);
              return (
                <TR key={badge.id} data-testid="admin-badge-row">
                  <TD wrap>
                    <span className="flex items-center gap-3">
                      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-100">
                        <Icon className="size-5" aria-hidden />
                      </span>
                      <span className="min-w-0">
                        <span className="block font-medium">{badge.name}</span>
                        <span className="block text-xs text-muted-foreground">{badge.key}</span>
                      </span>
                    </span>
                  </TD>
                  <TD wrap>{BADGE_MEASURE_LABELS[badge.measure]}</TD>
                  <TD className="text-right tabular-nums">
                    {badge.tiers.map((tier) => formatCount(tier.threshold)).join(" · ")}
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      )}
      <NewBadgeDialog open={isCreating} onOpenChange={setIsCreating} />
    </div>
  );
}

interface BadgeDraft {
  key: string;
  name: string;
  description: string;
  measure: BadgeMeasure | "";
  thresholds: string;
  icon: BadgeIcon;
}
const EMPTY: BadgeDraft = { key: "", name: "", description: "", measure: "", thresholds: "", icon: "star" };

/** A key from a name, as the key field suggests until one is typed: "Night Reader" → "night-reader". */
const keyFrom = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);

function NewBadgeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const [draft, setDraft] = useState(EMPTY);
  const [isKeyTyped, setIsKeyTyped] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string | null>(null);
  const { create, isPending: isCreating } = useCreateBadge();
  const change = (fields: Partial<BadgeDraft>) => setDraft((current) => ({ ...current, ...fields }));

  const close = (next: boolean) => {
    if (!next) {
      setDraft(EMPTY);
      setIsKeyTyped(false);
      setErrors({});
      setMessage(null);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const thresholds = draft.thresholds
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
    create(
      {
        key: draft.key,
        name: draft.name,
        description: draft.description,
        measure: draft.measure as BadgeMeasure,
        thresholds,
        icon: draft.icon,
      },
      {
        onCreated: () => close(false),
        onFailed: (fieldErrors, failure) => {
          setErrors(fieldErrors);
          setMessage(failure);
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="New badge"
      description="Pick what it counts, the count for each tier, and its icon."
      size="lg"
      submitLabel="Create badge"
      isPending={isCreating}
      error={message}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" error={errors.name} required>
          <Input
            value={draft.name}
            onChange={(event) =>
              change({
                name: event.target.value,
                ...(isKeyTyped ? {} : { key: keyFrom(event.target.value) }),
              })
            }
          />
        </Field>
        <Field
          label="Key"
          hint="Lowercase words joined by hyphens; cannot change later."
          error={errors.key}
          required
        >
          <Input
            value={draft.key}
            onChange={(event) => {
              setIsKeyTyped(true);
              change({ key: event.target.value });
            }}
          />
        </Field>
      </div>
      <Field label="Description" error={errors.description}>
        <Textarea
          rows={2}
          value={draft.description}
          onChange={(event) => change({ description: event.target.value })}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Counts" error={errors.measure} required>
          <NativeSelect
            items={[
              { value: "", label: "Choose…", disabled: true },
              ...BADGE_MEASURES.map((measure) => ({
                value: measure,
                label: BADGE_MEASURE_LABELS[measure],
              })),
            ]}
            value={draft.measure}
            onValueChange={(measure) => change({ measure: measure as BadgeMeasure })}
          />
        </Field>
        <Field
          label="Thresholds"
          hint={`One per tier, rising, separated by commas (up to ${BADGE_TIERS_MAX}): 5, 25, 100`}
          error={errors.thresholds}
          required
        >
          <Input
            value={draft.thresholds}
            inputMode="numeric"
            onChange={(event) => change({ thresholds: event.target.value })}
          />
        </Field>
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">Icon</legend>
        <div className="flex flex-wrap gap-2">
          {BADGE_ICONS.map((icon) => {
            const Icon = BADGE_ICON_COMPONENTS[icon];
            const isOn = draft.icon === icon;
            return (
              <label
                key={icon}
                className={cn(
                  "inline-flex size-11 cursor-pointer items-center justify-center rounded-xl border transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40",
                  isOn
                    ? "border-brand-500 bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-100"
                    : "border-border text-muted-foreground hover:text-foreground",
                )}
              >
                <input
                  type="radio"
                  name={`${formId}-icon`}
                  value={icon}
                  checked={isOn}
                  onChange={() => change({ icon })}
                  className="sr-only"
                  aria-label={icon.replace("-", " ")}
                />
                <Icon className="size-5" aria-hidden />
              </label>
            );
          })}
        </div>
        {errors.icon ? (
          <p className="mt-1 text-sm text-rose-600 dark:text-rose-400">{errors.icon[0]}</p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}
