import { INSTALL_BANNER_DELAY_MS, INSTALL_PROMPT_DELAY_MS } from "@litverse/shared/constants";
import { describe, expect, it } from "vitest";
import {
  type BannerInput,
  type CardInput,
  createSurfaceClaim,
  installBannerDelay,
  installCardDelay,
} from "./install-rules.ts";

describe("the constants", () => {
  it("are the specified delays", () => {
    expect(INSTALL_PROMPT_DELAY_MS).toBe(3_000);
    expect(INSTALL_BANNER_DELAY_MS).toBe(2_000);
  });
});

describe("installCardDelay", () => {
  const card = (input: Partial<CardInput>): CardInput => ({
    platform: "other",
    isStandalone: false,
    isDismissed: false,
    isInstalled: false,
    loadedAt: 1_000,
    offeredAt: null,
    now: 1_000,
    ...input,
  });

  it("waits for the browser's offer outside iOS, then 3 s from the offer", () => {
    expect(installCardDelay(card({}))).toBeNull();
    expect(installCardDelay(card({ offeredAt: 1_000, now: 1_000 }))).toBe(3_000);
    expect(installCardDelay(card({ loadedAt: 0, offeredAt: 5_000, now: 5_000 }))).toBe(3_000);
    // An offer made before the card could look (before React mounted) counts from the offer.
    expect(installCardDelay(card({ offeredAt: 1_000, now: 2_500 }))).toBe(1_500);
    expect(installCardDelay(card({ offeredAt: 1_000, now: 9_000 }))).toBe(0);
    expect(installCardDelay(card({ platform: "android", offeredAt: 1_000 }))).toBe(3_000);
    expect(installCardDelay(card({ platform: "android" }))).toBeNull();
  });

  it("appears 3 s after load on iOS, with or without an offer (iOS never makes one)", () => {
    expect(installCardDelay(card({ platform: "ios", loadedAt: 1_000, now: 1_000 }))).toBe(3_000);
    expect(installCardDelay(card({ platform: "ios", loadedAt: 1_000, now: 3_000 }))).toBe(1_000);
  });

  it("never appears in an installed app, once dismissed, or once installed", () => {
    for (const platform of ["ios", "android", "other"] as const) {
      const offered = { platform, offeredAt: 1_000 };
      expect(installCardDelay(card({ ...offered, isStandalone: true }))).toBeNull();
      expect(installCardDelay(card({ ...offered, isDismissed: true }))).toBeNull();
      expect(installCardDelay(card({ ...offered, isInstalled: true }))).toBeNull();
    }
  });
});

describe("installBannerDelay", () => {
  const banner = (input: Partial<BannerInput>): BannerInput => ({
    platform: "android",
    isStandalone: false,
    isClosed: false,
    isLater: false,
    isInstalled: false,
    loadedAt: 1_000,
    now: 1_000,
    ...input,
  });

  it("appears 2 s after load on iOS and Android", () => {
    expect(installBannerDelay(banner({ platform: "ios" }))).toBe(2_000);
    expect(installBannerDelay(banner({ platform: "android" }))).toBe(2_000);
    expect(installBannerDelay(banner({ now: 2_500 }))).toBe(500);
    expect(installBannerDelay(banner({ now: 10_000 }))).toBe(0);
  });

  it("never appears elsewhere", () => {
    expect(installBannerDelay(banner({ platform: "other" }))).toBeNull();
  });

  it("stays away after Later (this session) or the X (for good), and in an installed app", () => {
    expect(installBannerDelay(banner({ isLater: true }))).toBeNull();
    expect(installBannerDelay(banner({ isClosed: true }))).toBeNull();
    expect(installBannerDelay(banner({ isStandalone: true }))).toBeNull();
    expect(installBannerDelay(banner({ isInstalled: true }))).toBeNull();
  });
});

describe("createSurfaceClaim", () => {
  it("lets the first of the card and the banner appear, and keeps the other away", () => {
    const surfaces = createSurfaceClaim();
    expect(surfaces.owner()).toBeNull();
    expect(surfaces.claim("banner")).toBe(true);
    expect(surfaces.claim("banner")).toBe(true);
    expect(surfaces.claim("card")).toBe(false);
    expect(surfaces.owner()).toBe("banner");

    const other = createSurfaceClaim();
    expect(other.claim("card")).toBe(true);
    expect(other.claim("banner")).toBe(false);
  });
});
