import { describe, expect, it } from "vitest";
import { matterName, placeDocuments, type StructureDocument } from "./book-structure.ts";

const doc = (path: string, fields: Partial<StructureDocument> = {}): StructureDocument => ({
  path,
  types: [],
  heading: null,
  textLength: 2_000,
  tocLabel: null,
  isNav: false,
  ...fields,
});
const noHints = { landmarks: [], guide: [], bookTitle: null };

describe("placeDocuments", () => {
  it("starts where the landmarks say, whatever the pages before look like", () => {
    const docs = [doc("a", { heading: "Prologue" }), doc("b", { heading: "One" }), doc("c")];
    expect(placeDocuments(docs, { ...noHints, landmarks: [{ types: ["bodymatter"], path: "b" }] })).toEqual([
      "front",
      "body",
      "body",
    ]);
  });

  it("keeps a page the book calls story ahead of the landmark, unless it also calls it front matter", () => {
    const landmarks = [{ types: ["bodymatter"], path: "c" }];
    const docs = [
      doc("a", { types: ["frontmatter", "preface"] }),
      doc("b", { types: ["prologue"] }),
      doc("c", { types: ["chapter"] }),
    ];
    expect(placeDocuments(docs, { ...noHints, landmarks })).toEqual(["front", "body", "body"]);
  });

  it("sends the pages after the last chapter that the book marks as matter to the back, and stops at story", () => {
    const docs = [
      doc("a", { types: ["chapter"] }),
      doc("b", { types: ["endnotes"] }),
      doc("c", { types: ["afterword"] }),
      doc("d", { types: ["frontmatter", "copyright-page"] }),
      doc("e", { types: ["colophon"] }),
    ];
    expect(placeDocuments(docs, noHints)).toEqual(["body", "body", "body", "back", "back"]);
  });

  it("never leaves a book without episodes: when everything is matter, everything is story", () => {
    const docs = [doc("a", { types: ["titlepage"] }), doc("b", { types: ["colophon"] })];
    expect(placeDocuments(docs, noHints)).toEqual(["body", "body"]);
  });

  it("ignores a guide or landmark that points at a page the book itself calls matter, or outside the spine", () => {
    const docs = [doc("a", { types: ["titlepage"] }), doc("b", { heading: "One" })];
    const hints = {
      ...noHints,
      guide: [
        { types: ["text"], path: "a" },
        { types: ["text"], path: "elsewhere" },
      ],
    };
    expect(placeDocuments(docs, hints)).toEqual(["front", "body"]);
  });
});

describe("matterName", () => {
  it("names a page by its type, else by where it stands", () => {
    expect(matterName(["frontmatter", "dedication"], "front")).toBe("Dedication");
    expect(matterName(["rearnotes"], "back")).toBe("Notes");
    expect(matterName([], "front")).toBe("Front matter");
    expect(matterName(["backmatter"], "back")).toBe("Back matter");
  });
});
