// Creating or changing a stat preset: its name and description, and its stats (name for
// conditions, label for readers, number or flag, bounds, starting value, shown or hidden). The
// server checks everything and its messages appear on the fields they are about.
import { STORY_LIMITS } from "@litverse/shared/stories/story-model";
import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import {
  EMPTY_PRESET,
  emptyStatRow,
  type PresetValues,
  presetInput,
  rowOfStat,
  type StatRow,
} from "./stat-preset-form.ts";
import { useSaveStatPreset } from "./use-stat-presets.ts";

export interface PresetToEdit {
  id: string;
  name: string;
  description: string;
  stats: Parameters<typeof rowOfStat>[0][];
}

type Errors = Record<string, string[] | undefined>;

const KIND_ITEMS = [
  { value: "number", label: "Number" },
  { value: "boolean", label: "Flag (yes or no)" },
];
const FLAG_ITEMS = [
  { value: "false", label: "Off" },
  { value: "true", label: "On" },
];

/** Open with `preset` null to create, a preset to edit; `open` false to close. */
export function StatPresetDialog({
  open,
  preset,
  onClose,
}: {
  open: boolean;
  preset: PresetToEdit | null;
  onClose: () => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<PresetValues>(EMPTY_PRESET);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const { save, isSaving } = useSaveStatPreset();

  useEffect(() => {
    if (!open) return;
    setValues(
      preset
        ? { name: preset.name, description: preset.description, stats: preset.stats.map(rowOfStat) }
        : { ...EMPTY_PRESET, stats: [emptyStatRow()] },
    );
    setErrors({});
    setMessage(null);
  }, [open, preset]);

  const setRow = (key: string, change: Partial<StatRow>) =>
    setValues((current) => ({
      ...current,
      stats: current.stats.map((row) => (row.key === key ? { ...row, ...change } : row)),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = await save(preset?.id ?? null, presetInput(values));
    if (!problem) {
      onClose();
      return;
    }
    setErrors(problem.fieldErrors);
    setMessage(problem.message);
    // The first field the server points at, once it is marked.
    requestAnimationFrame(() =>
      document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? null : onClose())}
      size="lg"
      title={preset ? `Edit “${preset.name}”` : "New stat preset"}
      description="A set of stats that stories can share. Conditions and effects use each stat's name; readers see its label."
      submitLabel={preset ? "Save preset" : "Create preset"}
      isPending={isSaving}
      error={message}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      <Field label="Preset name" error={errors.name} required>
        <Input
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
          maxLength={STORY_LIMITS.maxTitleLength}
        />
      </Field>
      <Field label="Description" error={errors.description}>
        <Textarea
          rows={2}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.target.value })}
          maxLength={STORY_LIMITS.maxDescriptionLength}
        />
      </Field>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Stats</legend>
        {values.stats.length === 0 ? <p className="text-sm text-muted-foreground">No stats yet.</p> : null}
        {values.stats.map((row, index) => (
          <StatRowFields
            key={row.key}
            row={row}
            index={index}
            errors={errors}
            onChange={(change) => setRow(row.key, change)}
            onRemove={() =>
              setValues((current) => ({
                ...current,
                stats: current.stats.filter((item) => item.key !== row.key),
              }))
            }
          />
        ))}
        <Button
          variant="secondary"
          size="sm"
          disabled={values.stats.length >= STORY_LIMITS.maxStats}
          onClick={() => setValues((current) => ({ ...current, stats: [...current.stats, emptyStatRow()] }))}
        >
          <Plus aria-hidden />
          Add a stat
        </Button>
      </fieldset>
    </FormDialog>
  );
}

function StatRowFields({
  row,
  index,
  errors,
  onChange,
  onRemove,
}: {
  row: StatRow;
  index: number;
  errors: Errors;
  onChange: (change: Partial<StatRow>) => void;
  onRemove: () => void;
}) {
  const at = (field: string) => errors[`stats.${index}.${field}`];
  const isNumber = row.kind === "number";
  const title = row.label.trim() || row.name.trim() || `Stat ${index + 1}`;
  return (
    <fieldset className="rounded-xl border border-border p-3" data-testid="stat-row">
      <legend className="sr-only">Stat {index + 1}</legend>
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm font-semibold">{title}</p>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${title}`}>
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Remove</span>
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Field label="Name" hint="For conditions: courage, met_dragon" error={at("name")}>
          <Input
            value={row.name}
            onChange={(event) => onChange({ name: event.target.value })}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
          />
        </Field>
        <Field label="Label" hint="What readers see" error={at("label")}>
          <Input value={row.label} onChange={(event) => onChange({ label: event.target.value })} />
        </Field>
        <Field label="Kind" error={at("kind")} className="col-span-2 sm:col-span-1">
          <NativeSelect
            items={KIND_ITEMS}
            value={row.kind}
            onValueChange={(value) => onChange({ kind: value as StatRow["kind"] })}
          />
        </Field>
        {isNumber ? (
          <>
            <Field label="Minimum" hint="Blank: none" error={at("min")}>
              <Input
                type="number"
                inputMode="numeric"
                value={row.min}
                onChange={(event) => onChange({ min: event.target.value })}
              />
            </Field>
            <Field label="Maximum" hint="Blank: none" error={at("max")}>
              <Input
                type="number"
                inputMode="numeric"
                value={row.max}
                onChange={(event) => onChange({ max: event.target.value })}
              />
            </Field>
            <Field label="Starts at" error={at("default")}>
              <Input
                type="number"
                inputMode="numeric"
                value={row.defaultNumber}
                onChange={(event) => onChange({ defaultNumber: event.target.value })}
              />
            </Field>
          </>
        ) : (
          <Field label="Starts" error={at("default")}>
            <NativeSelect
              items={FLAG_ITEMS}
              value={String(row.defaultFlag)}
              onValueChange={(value) => onChange({ defaultFlag: value === "true" })}
            />
          </Field>
        )}
        <div className="col-span-2 flex items-end sm:col-span-3">
          <Checkbox
            label="Shown to readers"
            description="Hidden stats still count in conditions."
            checked={row.visible}
            onCheckedChange={(checked) => onChange({ visible: checked === true })}
          />
        </div>
      </div>
      {errors[`stats.${index}`] ? (
        <p className="mt-2 text-xs font-medium text-rose-600 dark:text-rose-400">
          {errors[`stats.${index}`]?.[0]}
        </p>
      ) : null}
    </fieldset>
  );
}
