import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("configuration", () => {
  it("makes a start without NODE_ENV a demo on the loopback address", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ isProduction: false, seedDemo: true, isDemo: true, HOST: "127.0.0.1" });
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  it("makes a production start listen everywhere, with no demo and no way to ask for one", () => {
    const config = loadConfig({ NODE_ENV: "production" });
    expect(config).toMatchObject({ isProduction: true, seedDemo: false, isDemo: false, HOST: "0.0.0.0" });
    expect(() => loadConfig({ NODE_ENV: "production", SEED_DEMO: "1" })).toThrow(
      /SEED_DEMO: a production server never seeds the demo accounts/,
    );
  });

  it("believes proxies only as TRUST_PROXY says", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe("10.0.0.0/8,127.0.0.1");
    const hops = loadConfig({ TRUST_PROXY: "2" }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops("x", 0), hops("x", 1), hops("x", 2)]).toEqual([true, true, false]);
  });

  it("reads the limits, with defaults", () => {
    expect(loadConfig({}).limits).toEqual({
      maxSockets: 20_000,
      maxSocketsPerIp: 64,
      maxLiveQueriesPerSocket: 100,
      maxBatchSize: 20,
      requestTimeoutMs: 30_000,
      writesPerMinute: 240,
      checkoutsPerHour: 20,
      accountsPerHour: 10,
      messagesPerMinute: 30,
      friendRequestsPerHour: 60,
    });
    expect(loadConfig({ MAX_SOCKETS_PER_IP: "5" }).limits.maxSocketsPerIp).toBe(5);
    expect(() => loadConfig({ MAX_SOCKETS_PER_IP: "0" })).toThrow(/MAX_SOCKETS_PER_IP/);
  });
});
