import { describe, expect, it } from "vitest";
import { parseVariantQuery, VariantRequestError, variantKey } from "./image-variants.ts";

describe("parseVariantQuery", () => {
  it("is null without w and f: the original is wanted", () => {
    expect(parseVariantQuery({})).toBeNull();
    expect(parseVariantQuery({ other: "1" })).toBeNull();
  });

  it("reads a listed width and format", () => {
    expect(parseVariantQuery({ w: "320", f: "webp" })).toEqual({ width: 320, format: "webp" });
    expect(parseVariantQuery({ w: "1920", f: "avif" })).toEqual({ width: 1920, format: "avif" });
    expect(parseVariantQuery({ w: "160", f: "jpeg" })).toEqual({ width: 160, format: "jpeg" });
  });

  it("refuses other widths and formats, one without the other, and repeats", () => {
    for (const query of [
      { w: "321", f: "webp" },
      { w: "0320", f: "webp" },
      { w: "320.0", f: "webp" },
      { w: "3840", f: "webp" },
      { w: "-320", f: "webp" },
      { w: "", f: "webp" },
      { w: "320", f: "png" },
      { w: "320", f: "WEBP" },
      { w: "320" },
      { f: "webp" },
      { w: ["320", "480"], f: "webp" },
    ]) {
      expect(() => parseVariantQuery(query), JSON.stringify(query)).toThrow(VariantRequestError);
    }
  });
});

describe("variantKey", () => {
  it("keys the cache by source key, size, modification time and variant", () => {
    const source = { size: 3119, mtime: new Date(1_795_386_187_804) };
    expect(variantKey("covers/c1/cover.jpg", source, { width: 320, format: "jpeg" })).toBe(
      "covers/c1/cover.jpg/3119-1795386187804/w320.jpg",
    );
    const touched = { ...source, mtime: new Date(1_795_386_187_805) };
    expect(variantKey("covers/c1/cover.jpg", touched, { width: 320, format: "webp" })).toBe(
      "covers/c1/cover.jpg/3119-1795386187805/w320.webp",
    );
    expect(() => variantKey("../x.jpg", source, { width: 320, format: "webp" })).toThrow();
  });
});
