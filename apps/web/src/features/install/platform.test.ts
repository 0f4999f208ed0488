import { describe, expect, it } from "vitest";
import { detectPlatform } from "./platform.ts";

const UA = {
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
  iphoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1",
  ipadOld:
    "Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1",
  // iPadOS 13+ asks for desktop sites and says it is a Mac.
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
  androidChrome:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36",
  androidSamsung:
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  desktopChrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 Edg/138.0.0.0",
};

describe("detectPlatform", () => {
  it("recognises iPhones and iPads, whatever the browser", () => {
    expect(detectPlatform({ userAgent: UA.iphoneSafari })).toBe("ios");
    expect(detectPlatform({ userAgent: UA.iphoneChrome })).toBe("ios");
    expect(detectPlatform({ userAgent: UA.ipadOld })).toBe("ios");
  });

  it("takes a Mac with a touch screen for the iPad it is", () => {
    expect(detectPlatform({ userAgent: UA.macSafari, platform: "MacIntel", maxTouchPoints: 5 })).toBe("ios");
    expect(detectPlatform({ userAgent: UA.macSafari, platform: "MacIntel", maxTouchPoints: 0 })).toBe(
      "other",
    );
    expect(detectPlatform({ userAgent: UA.macSafari })).toBe("other");
  });

  it("recognises Android browsers", () => {
    expect(detectPlatform({ userAgent: UA.androidChrome })).toBe("android");
    expect(detectPlatform({ userAgent: UA.androidSamsung })).toBe("android");
  });

  it("calls desktops other", () => {
    expect(detectPlatform({ userAgent: UA.desktopChrome, platform: "Linux x86_64", maxTouchPoints: 0 })).toBe(
      "other",
    );
    expect(detectPlatform({ userAgent: UA.windowsEdge, platform: "Win32", maxTouchPoints: 10 })).toBe(
      "other",
    );
  });
});
