import { describe, expect, it } from "vitest";
import { readFlag, type StorageLike, writeFlag } from "./storage.ts";

function memoryStorage(): StorageLike & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

const broken: StorageLike = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
};

describe("flags in web storage", () => {
  it("are stored as the string true and read back", () => {
    const storage = memoryStorage();
    expect(readFlag("k", "local", storage)).toBe(false);
    writeFlag("k", "local", storage);
    expect(storage.values.get("k")).toBe("true");
    expect(readFlag("k", "local", storage)).toBe(true);
  });

  it("count only the value true", () => {
    const storage = memoryStorage();
    storage.setItem("k", "false");
    expect(readFlag("k", "session", storage)).toBe(false);
  });

  it("never throw when storage is refused or missing", () => {
    expect(readFlag("k", "local", broken)).toBe(false);
    expect(() => writeFlag("k", "local", broken)).not.toThrow();
    expect(readFlag("k", "local", null)).toBe(false);
    expect(() => writeFlag("k", "local", null)).not.toThrow();
  });
});
