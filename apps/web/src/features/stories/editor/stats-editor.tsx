// The story's own stats (its preset's are shown, not edited here): the name conditions use, the
// label readers see, number or flag, bounds, start value, and whether readers see it.
import { STAT_NAME_PATTERN, STORY_LIMITS, type StoryStat } from "@litverse/shared/stories/story-model";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { setOwnStats } from "./story-draft.ts";
import type { DraftHistory } from "./use-draft-history.ts";

const KIND_ITEMS = [
  { value: "number", label: "Number" },
  { value: "boolean", label: "Flag (true or false)" },
] as const;

/** A bound or a start value from a number field: null for an empty field, clamped to the limit. */
function numberFrom(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return Math.min(Math.max(value, -STORY_LIMITS.maxStatMagnitude), STORY_LIMITS.maxStatMagnitude);
}

export function describeStat(stat: StoryStat): string {
  if (stat.kind === "boolean") return `flag, starts ${stat.default ? "true" : "false"}`;
  const bounds =
    stat.min !== null && stat.max !== null
      ? `${stat.min} to ${stat.max}`
      : stat.min !== null
        ? `at least ${stat.min}`
        : stat.max !== null
          ? `at most ${stat.max}`
          : "any number";
  return `${bounds}, starts at ${stat.default}`;
}

function uniqueName(stats: readonly StoryStat[], taken: ReadonlySet<string>): string {
  for (let n = stats.length + 1; ; n++) {
    const name = `stat_${n}`;
    if (!taken.has(name)) return name;
  }
}

export function StatsEditor({
  ownStats,
  presetStats,
  presetName,
  edit,
}: {
  ownStats: readonly StoryStat[];
  presetStats: readonly StoryStat[];
  presetName: string | null;
  edit: DraftHistory["edit"];
}) {
  const isFull = ownStats.length + presetStats.length >= STORY_LIMITS.maxStats;
  const change = (index: number, fields: Partial<StoryStat>, field: string) =>
    edit(
      (d) =>
        setOwnStats(
          d,
          d.ownStats.map((stat, i) => (i === index ? { ...stat, ...fields } : stat)),
        ),
      `stat:${index}:${field}`,
    );

  return (
    <section aria-labelledby="story-stats" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="story-stats" className="font-semibold">
          Stats
        </h3>
        <Button
          variant="secondary"
          size="sm"
          disabled={isFull}
          onClick={() =>
            edit((d) => {
              const taken = new Set([...presetStats, ...d.ownStats].map((stat) => stat.name));
              const name = uniqueName(d.ownStats, taken);
              const stat: StoryStat = {
                name,
                label: "New stat",
                kind: "number",
                min: 0,
                max: 10,
                default: 0,
                visible: true,
              };
              return setOwnStats(d, [...d.ownStats, stat]);
            })
          }
        >
          <Plus aria-hidden />
          Add stat
        </Button>
      </div>
      {presetStats.length > 0 ? (
        <div className="rounded-xl border border-border bg-muted p-3 text-sm">
          <p className="font-medium">From the preset{presetName ? ` “${presetName}”` : ""}</p>
          <ul className="mt-1 space-y-0.5 text-muted-foreground">
            {presetStats.map((stat) => (
              <li key={stat.name}>
                <span className="font-mono text-foreground">{stat.name}</span> ({stat.label}):{" "}
                {describeStat(stat)}
                {stat.visible ? "" : ", hidden"}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {ownStats.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No stats of this story's own. Add one to use it in conditions and effects.
        </p>
      ) : (
        <ul className="space-y-3">
          {ownStats.map((stat, index) => (
            <li
              // A stat's name is what is being edited, so its place is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              className="space-y-3 rounded-xl border border-border p-3"
              data-testid="stat-editor"
            >
              <div className="grid grid-cols-2 gap-3">
                <Field
                  label="Name"
                  hint="Used in conditions"
                  error={
                    STAT_NAME_PATTERN.test(stat.name)
                      ? null
                      : "Letters, digits and _, not starting with a digit"
                  }
                >
                  <Input
                    value={stat.name}
                    className="font-mono"
                    spellCheck={false}
                    autoCapitalize="off"
                    onChange={(event) => change(index, { name: event.target.value.trim() }, "name")}
                  />
                </Field>
                <Field label="Label" hint="What readers see">
                  <Input
                    value={stat.label}
                    maxLength={STORY_LIMITS.maxStatLabelLength}
                    onChange={(event) => change(index, { label: event.target.value }, "label")}
                  />
                </Field>
              </div>
              <Field label="Kind">
                <NativeSelect
                  items={KIND_ITEMS}
                  value={stat.kind}
                  onValueChange={(kind) =>
                    change(
                      index,
                      kind === "boolean"
                        ? { kind, min: null, max: null, default: false }
                        : { kind, min: 0, max: 10, default: 0 },
                      "kind",
                    )
                  }
                />
              </Field>
              {stat.kind === "number" ? (
                <div className="grid grid-cols-3 gap-3">
                  <Field label="Minimum">
                    <Input
                      type="number"
                      value={stat.min ?? ""}
                      placeholder="None"
                      onChange={(event) => change(index, { min: numberFrom(event.target.value) }, "min")}
                    />
                  </Field>
                  <Field label="Maximum">
                    <Input
                      type="number"
                      value={stat.max ?? ""}
                      placeholder="None"
                      onChange={(event) => change(index, { max: numberFrom(event.target.value) }, "max")}
                    />
                  </Field>
                  <Field label="Starts at">
                    <Input
                      type="number"
                      value={typeof stat.default === "number" ? stat.default : 0}
                      onChange={(event) =>
                        change(index, { default: numberFrom(event.target.value) ?? 0 }, "default")
                      }
                    />
                  </Field>
                </div>
              ) : (
                <Checkbox
                  label="Starts true"
                  checked={stat.default === true}
                  onCheckedChange={(checked) => change(index, { default: checked === true }, "default")}
                />
              )}
              <div className="flex items-center justify-between gap-2">
                <Checkbox
                  label="Readers see it"
                  checked={stat.visible}
                  onCheckedChange={(checked) => change(index, { visible: checked === true }, "visible")}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-rose-700 dark:text-rose-300"
                  onClick={() =>
                    edit((d) =>
                      setOwnStats(
                        d,
                        d.ownStats.filter((_, i) => i !== index),
                      ),
                    )
                  }
                >
                  <Trash2 aria-hidden />
                  Remove
                  <span className="sr-only"> stat {stat.name}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
