import { describe, expect, it } from "vitest";
import { missingServerNodeFlags, SERVER_NODE_FLAGS } from "./node-flags.ts";

describe("missingServerNodeFlags", () => {
  it("names every server flag a process was started without", () => {
    expect(missingServerNodeFlags([])).toEqual(["--no-memory-reducer", "--no-allocation-site-pretenuring"]);
    expect(missingServerNodeFlags(["--disable-warning=ExperimentalWarning"])).toEqual([...SERVER_NODE_FLAGS]);
  });

  it("is empty when the process has them, whatever else it was given", () => {
    expect(missingServerNodeFlags(["--inspect", ...SERVER_NODE_FLAGS, "--watch"])).toEqual([]);
  });
});
