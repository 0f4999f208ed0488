// A stat preset as its form holds it (numbers as typed) and as the server takes it. What was typed
// goes as typed (a blank number as NaN): the server's rules decide what is allowed and say what is
// wrong, per field (`stats.2.max`), and the form shows each message on its field.
import type { StoryStat } from "@litverse/shared/stories/story-model";

export interface StatRow {
  /** Stable across edits, for React's keys; not sent. */
  key: string;
  name: string;
  label: string;
  kind: StoryStat["kind"];
  min: string;
  max: string;
  defaultNumber: string;
  defaultFlag: boolean;
  visible: boolean;
}

export interface PresetValues {
  name: string;
  description: string;
  stats: StatRow[];
}

let nextKey = 0;
const newKey = () => `stat-${++nextKey}`;

export function emptyStatRow(): StatRow {
  return {
    key: newKey(),
    name: "",
    label: "",
    kind: "number",
    min: "0",
    max: "10",
    defaultNumber: "0",
    defaultFlag: false,
    visible: true,
  };
}

export const EMPTY_PRESET: PresetValues = { name: "", description: "", stats: [] };

const numberText = (value: number | null) => (value === null ? "" : String(value));

export function rowOfStat(stat: StoryStat): StatRow {
  return {
    key: newKey(),
    name: stat.name,
    label: stat.label,
    kind: stat.kind,
    min: numberText(stat.min),
    max: numberText(stat.max),
    defaultNumber: typeof stat.default === "number" ? String(stat.default) : "0",
    defaultFlag: stat.default === true,
    visible: stat.visible,
  };
}

/** A number typed in a field; blank is NaN, for the server to name the field. */
const typedNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
/** A bound typed in a field; blank is no bound. */
const typedBound = (text: string) => (text.trim() === "" ? null : Number(text));

export function statOfRow(row: StatRow): StoryStat {
  const isNumber = row.kind === "number";
  return {
    name: row.name.trim(),
    label: row.label.trim(),
    kind: row.kind,
    min: isNumber ? typedBound(row.min) : null,
    max: isNumber ? typedBound(row.max) : null,
    default: isNumber ? typedNumber(row.defaultNumber) : row.defaultFlag,
    visible: row.visible,
  };
}

export function presetInput(values: PresetValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    stats: values.stats.map(statOfRow),
  };
}

/** "Courage 0–10 · starts 3", "Met the dragon · flag · starts off", "Gold from 0 · hidden". */
export function statSummary(stat: StoryStat): string {
  const parts: string[] = [stat.label];
  if (stat.kind === "boolean") {
    parts.push("flag", `starts ${stat.default ? "on" : "off"}`);
  } else {
    if (stat.min !== null && stat.max !== null) parts.push(`${stat.min}–${stat.max}`);
    else if (stat.min !== null) parts.push(`from ${stat.min}`);
    else if (stat.max !== null) parts.push(`up to ${stat.max}`);
    parts.push(`starts ${stat.default}`);
  }
  if (!stat.visible) parts.push("hidden");
  return parts.join(" · ");
}
