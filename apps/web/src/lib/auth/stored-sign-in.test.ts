import { afterEach, describe, expect, it } from "vitest";
import { storedSignIn } from "./stored-sign-in.ts";

/** A local storage holding these items (Node has none of its own here). */
function useStorage(items: Record<string, string>) {
  const keys = Object.keys(items);
  Object.assign(globalThis, {
    localStorage: {
      get length() {
        return keys.length;
      },
      key: (index: number) => keys[index] ?? null,
      getItem: (key: string) => items[key] ?? null,
    },
  });
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, "localStorage");
});

const record = (parts: Record<string, unknown>) =>
  JSON.stringify({
    access_token: "token-1",
    expires_at: 1_800_000_000,
    profile: { sub: "person-1" },
    ...parts,
  });

describe("the stored sign-in", () => {
  it("gives the token, the person and the expiry in milliseconds", () => {
    useStorage({ theme: "dark", "oidc.user:http://localhost:3000:litverse-web": record({}) });
    expect(storedSignIn()).toEqual({
      accessToken: "token-1",
      subject: "person-1",
      expiresAt: 1_800_000_000_000,
    });
  });

  it("is null without a complete record, or without readable storage", () => {
    useStorage({ "oidc.user:a:b": record({ profile: {} }) });
    expect(storedSignIn()).toBeNull();
    useStorage({ "oidc.user:a:b": record({ access_token: 7 }) });
    expect(storedSignIn()).toBeNull();
    useStorage({ "oidc.user:a:b": "{not json" });
    expect(storedSignIn()).toBeNull();
    Reflect.deleteProperty(globalThis, "localStorage");
    expect(storedSignIn()).toBeNull();
  });
});
