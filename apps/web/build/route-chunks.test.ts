import { describe, expect, it } from "vitest";
import { assignFamilies, moduleClosure, type RouteFamily, throughFeatureIndexes } from "./route-chunks.ts";

/**
 * An app: the entry (React), home (a card and the shared button), two readers (the reader bar,
 * the button, a dialog) and a settings page (the button and the dialog).
 */
const GRAPH: Record<string, string[]> = {
  "main.tsx": ["react"],
  react: [],
  "home.tsx": ["card.tsx", "button.tsx", "react"],
  "card.tsx": ["react"],
  "button.tsx": ["react"],
  "read.tsx": ["reader-bar.tsx", "button.tsx", "dialog.tsx"],
  "listen.tsx": ["reader-bar.tsx", "dialog.tsx", "audio.tsx"],
  "reader-bar.tsx": ["react", "icons.tsx"],
  "icons.tsx": [],
  "audio.tsx": [],
  "dialog.tsx": ["react"],
  "settings.tsx": ["button.tsx", "dialog.tsx"],
};
const imports = (id: string) => GRAPH[id] ?? [];
const routeModules = new Map([
  ["/", "home.tsx"],
  ["/read/:id", "read.tsx"],
  ["/listen/:id", "listen.tsx"],
  ["/settings", "settings.tsx"],
]);

const assign = (families: RouteFamily[]) =>
  Object.fromEntries(assignFamilies({ families, routeModules, entryModules: ["main.tsx"], imports }));

describe("the chunk families", () => {
  it("follow static imports, stopping at the modules they are told to", () => {
    expect([...moduleClosure("read.tsx", imports, new Set(["react"]))].sort()).toEqual([
      "button.tsx",
      "dialog.tsx",
      "icons.tsx",
      "read.tsx",
      "reader-bar.tsx",
    ]);
  });

  it("take home's whole closure beyond the entry, and what two readers share beyond that", () => {
    expect(
      assign([
        { name: "home", routes: ["/"], minRoutes: 1 },
        { name: "reading", routes: ["/read/:id", "/listen/:id"], minRoutes: 2 },
      ]),
    ).toEqual({
      "home.tsx": "home",
      "card.tsx": "home",
      "button.tsx": "home",
      "reader-bar.tsx": "reading",
      "icons.tsx": "reading",
      "dialog.tsx": "reading",
    });
  });

  it("never take the entry's modules, nor what only one route of the family needs", () => {
    const assignment = assign([{ name: "reading", routes: ["/read/:id", "/listen/:id"], minRoutes: 2 }]);
    expect(assignment.react).toBeUndefined();
    expect(assignment["audio.tsx"]).toBeUndefined();
    expect(assignment["read.tsx"]).toBeUndefined();
  });

  it("leave out what too many pages outside the family use, which would each load the chunk", () => {
    const assignment = assign([
      { name: "reading", routes: ["/read/:id", "/listen/:id"], minRoutes: 2, maxOtherRoutes: 0 },
    ]);
    expect(assignment["dialog.tsx"]).toBeUndefined();
    expect(assignment["reader-bar.tsx"]).toBe("reading");
  });

  it("count every route with *", () => {
    const assignment = assign([{ name: "common", routes: "*", minRoutes: 3 }]);
    expect(assignment).toEqual({ "button.tsx": "common", "dialog.tsx": "common" });
  });

  it("take only what the named routes reach, leaving the rest to a later family", () => {
    // Home shares the button with a reader and settings: a family of what home reaches takes it,
    // and leaves what the others share among themselves (never needed by home) to the next one.
    const assignment = assign([
      { name: "shared", routes: "*", minRoutes: 2, reachedFrom: ["/"] },
      { name: "common", routes: "*", minRoutes: 2 },
    ]);
    expect(assignment).toEqual({
      "button.tsx": "shared",
      "dialog.tsx": "common",
      "reader-bar.tsx": "common",
      "icons.tsx": "common",
    });
  });

  it("refuse a route the router lacks", () => {
    expect(() => assign([{ name: "reading", routes: ["/nowhere"], minRoutes: 1 }])).toThrow(
      "The chunk family reading names /nowhere, which the router lacks.",
    );
    expect(() => assign([{ name: "shared", routes: "*", minRoutes: 2, reachedFrom: ["/nowhere"] }])).toThrow(
      "The chunk family shared names /nowhere, which the router lacks.",
    );
  });
});

describe("imports through a feature's index", () => {
  const barrelGraph: Record<string, string[]> = {
    "/app/src/features/stories/story-page.tsx": ["/app/src/features/content/index.ts", "react"],
    "/app/src/features/content/index.ts": [
      "/app/src/features/content/description.tsx",
      "/app/src/features/content/episode-list.tsx",
    ],
  };
  const sources: Record<string, string> = {
    "/app/src/features/stories/story-page.tsx":
      'import { type Episode, Description } from "../content/index.ts";\nimport { useState } from "react";',
    "/app/src/features/content/index.ts":
      'export { Description } from "./description.tsx";\nexport { EpisodeRow } from "./episode-list.tsx";\nexport type { Episode } from "./episode-list.tsx";',
  };
  const seen = throughFeatureIndexes(
    (id) => barrelGraph[id] ?? [],
    (id) => sources[id] ?? "",
  );

  it("count only the modules of the names a page takes", () => {
    expect(seen("/app/src/features/stories/story-page.tsx")).toEqual([
      "react",
      "/app/src/features/content/description.tsx",
    ]);
  });

  it("leave imports without an index as they are", () => {
    expect(seen("/app/src/features/content/index.ts")).toEqual(
      barrelGraph["/app/src/features/content/index.ts"],
    );
  });
});
