import { describe, expect, it } from "vitest";
import { AppError } from "../core/errors.ts";
import { checkMediaKey, isValidMediaKey, LocalMediaStorage } from "./storage.ts";

describe("media keys", () => {
  it("accepts relative POSIX paths", () => {
    for (const key of [
      "covers/6f1c2b9e/cover-ab12cd34.jpg",
      "episodes/6f1c2b9e/pages/0001.jpg",
      "episodes/6f1c2b9e",
      "a",
      "names with spaces/ünïcödé.mp4",
      "dots.inside/file.name.tar.gz",
    ]) {
      expect(isValidMediaKey(key), key).toBe(true);
    }
    expect(checkMediaKey("episodes/x/pages/0001.jpg")).toEqual(["episodes", "x", "pages", "0001.jpg"]);
  });

  it("refuses anything that could leave the store or reach its internals", () => {
    for (const key of [
      "",
      "/etc/passwd",
      "..",
      "../secret",
      "covers/../../secret",
      "covers/..",
      "./covers/x.jpg",
      "covers/./x.jpg",
      "covers//x.jpg",
      "covers/x/",
      "covers\\..\\x.jpg",
      "covers/x\u0000.jpg",
      "covers/x\n.jpg",
      ".staging/import-1/x.jpg",
      ".variants/covers/x.jpg/w320.webp",
      "covers/.hidden",
      "x".repeat(1025),
    ]) {
      expect(isValidMediaKey(key), JSON.stringify(key)).toBe(false);
      expect(() => checkMediaKey(key), JSON.stringify(key)).toThrow(AppError);
    }
  });

  it("refuses with BAD_REQUEST", () => {
    try {
      checkMediaKey("../x");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("BAD_REQUEST");
    }
  });

  it("resolves inside the root, and refuses to resolve a bad key", () => {
    const storage = new LocalMediaStorage("/srv/media");
    expect(storage.resolve("covers/c1/cover.jpg")).toBe("/srv/media/covers/c1/cover.jpg");
    expect(storage.variants?.resolve("covers/c1/cover.jpg/1-2/w320.webp")).toBe(
      "/srv/media/.variants/covers/c1/cover.jpg/1-2/w320.webp",
    );
    expect(() => storage.resolve("covers/../../etc/passwd")).toThrow(AppError);
    expect(() => storage.resolve("/etc/passwd")).toThrow(AppError);
  });
});
