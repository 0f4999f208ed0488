import { describe, expect, it } from "vitest";
import { endingsFoundLabel, minutesLabel, percentLabel, scenesLabel } from "./story-labels.ts";

describe("story labels", () => {
  it("reads length and progress", () => {
    expect(scenesLabel(1)).toBe("1 scene");
    expect(scenesLabel(1200)).toBe("1,200 scenes");
    expect(minutesLabel(0.2)).toBe("about 1 min");
    expect(minutesLabel(14.6)).toBe("about 15 min");
    expect(endingsFoundLabel(0, 3)).toBeNull();
    expect(endingsFoundLabel(1, 3)).toBe("1 of 3 endings found");
    expect(endingsFoundLabel(1, 1)).toBe("1 of 1 ending found");
  });

  it("writes fractions as percentages", () => {
    expect(percentLabel(0.426)).toBe("43%");
    expect(percentLabel(null)).toBe("–");
    expect(percentLabel(Number.NaN)).toBe("–");
  });
});
