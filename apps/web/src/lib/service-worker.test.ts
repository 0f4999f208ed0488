import { describe, expect, it } from "vitest";
import { shouldRegisterServiceWorker } from "./service-worker.ts";

describe("shouldRegisterServiceWorker", () => {
  const context = (input: Partial<Parameters<typeof shouldRegisterServiceWorker>[0]>) => ({
    isProduction: true,
    hasServiceWorkerApi: true,
    protocol: "https:",
    hostname: "litverse.app",
    ...input,
  });

  it("registers production builds over https", () => {
    expect(shouldRegisterServiceWorker(context({}))).toBe(true);
  });

  it("registers over plain http on this machine only", () => {
    for (const hostname of ["localhost", "127.0.0.1", "[::1]", "app.localhost"]) {
      expect(shouldRegisterServiceWorker(context({ protocol: "http:", hostname }))).toBe(true);
    }
    expect(shouldRegisterServiceWorker(context({ protocol: "http:", hostname: "litverse.app" }))).toBe(false);
    expect(shouldRegisterServiceWorker(context({ protocol: "http:", hostname: "192.168.1.20" }))).toBe(false);
  });

  it("never registers in development or without the API", () => {
    expect(shouldRegisterServiceWorker(context({ isProduction: false }))).toBe(false);
    expect(shouldRegisterServiceWorker(context({ hasServiceWorkerApi: false }))).toBe(false);
  });
});
