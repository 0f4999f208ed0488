import { describe, expect, it } from "vitest";
import { emptyStatRow, presetInput, rowOfStat, statOfRow, statSummary } from "./stat-preset-form.ts";

describe("stat preset form", () => {
  it("sends numbers as typed, blank bounds as none and a blank default as NaN for the server to name", () => {
    const row = {
      ...emptyStatRow(),
      name: " courage ",
      label: "Courage",
      min: "",
      max: "10",
      defaultNumber: "",
    };
    expect(statOfRow(row)).toEqual({
      name: "courage",
      label: "Courage",
      kind: "number",
      min: null,
      max: 10,
      default: Number.NaN,
      visible: true,
    });
  });

  it("gives a flag no bounds and a true or false default", () => {
    const row = {
      ...emptyStatRow(),
      name: "met_dragon",
      label: "Met the dragon",
      kind: "boolean" as const,
      defaultFlag: true,
    };
    expect(statOfRow(row)).toMatchObject({ kind: "boolean", min: null, max: null, default: true });
  });

  it("reads a stat back into the same row", () => {
    const stat = {
      name: "gold",
      label: "Gold",
      kind: "number" as const,
      min: 0,
      max: null,
      default: 5,
      visible: false,
    };
    expect(statOfRow(rowOfStat(stat))).toEqual(stat);
    expect(presetInput({ name: " Hero ", description: "", stats: [rowOfStat(stat)] })).toEqual({
      name: "Hero",
      description: "",
      stats: [stat],
    });
  });

  it("sums a stat up in words", () => {
    expect(
      statSummary({
        name: "c",
        label: "Courage",
        kind: "number",
        min: 0,
        max: 10,
        default: 3,
        visible: true,
      }),
    ).toBe("Courage · 0–10 · starts 3");
    expect(
      statSummary({
        name: "g",
        label: "Gold",
        kind: "number",
        min: 0,
        max: null,
        default: 0,
        visible: false,
      }),
    ).toBe("Gold · from 0 · starts 0 · hidden");
    expect(
      statSummary({
        name: "m",
        label: "Met the dragon",
        kind: "boolean",
        min: null,
        max: null,
        default: false,
        visible: true,
      }),
    ).toBe("Met the dragon · flag · starts off");
  });
});
