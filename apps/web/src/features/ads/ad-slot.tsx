// A place for an ad on a page. It asks the server for one once; with none (caps reached, an
// ad-free plan, a failure) it draws nothing and takes no room. A drawn ad reports its impression,
// then "viewable" once half of it has been on screen for a second, and its clicks; the "…" menu
// lets signed-in people report it to the moderators.
import { AD_VIEWABLE_SHARE, type AdEventKind, type AdPlacement, type ServedAd } from "@litverse/shared/ads";
import { type RefObject, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useAuth } from "react-oidc-context";
import { lazyAfterLoad } from "../../lib/after-load.ts";
import { AdCardView } from "./ad-card.tsx";
import { reportAdEvent, useServedAd } from "./use-ad-slot.ts";
import { ViewabilityTracker } from "./viewability.ts";

// The menu and its report form (a dropdown, a dialog: most of the UI kit's code) are no part of
// the first paint of home or explore, where the slot sits among the shelves: the button follows
// once the page has loaded.
const AdMenu = lazyAfterLoad(async () => (await import("./ad-menu.tsx")).AdMenu);

export function AdSlot({
  placement,
  contentId,
  nearOf,
  className,
}: {
  placement: AdPlacement;
  /** The title being read, which the server matches ads to. */
  contentId?: string | null;
  /**
   * Ask only once this element comes within a screen of the viewport: for a slot on a long page
   * that may never be scrolled to (the end of a chapter), which would otherwise use up the
   * person's ads for the hour unseen.
   */
  nearOf?: RefObject<HTMLElement | null>;
  className?: string;
}) {
  const isNear = useIsNear(nearOf);
  const ad = useServedAd(placement, { contentId, enabled: isNear });
  if (!ad) return null;
  return <ServedAdCard ad={ad} className={className} />;
}

/** An ad the server chose, drawn and counted (the reels feed serves its own). */
export function ServedAdCard({ ad, className }: { ad: ServedAd; className?: string }) {
  const card = useRef<HTMLElement>(null);
  const reported = useAdEvents(ad.token);
  const { report } = reported;

  useEffect(() => {
    report("impression");
  }, [report]);

  // Counted against the viewport: an observer sees the ad clipped by scrolling boxes (the reels
  // feed) too. A hidden tab pauses the count.
  useEffect(() => {
    const element = card.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const tracker = new ViewabilityTracker(
      () => report("viewable"),
      {
        now: () => performance.now(),
        setTimeout: (callback, ms) => window.setTimeout(callback, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      },
      { isPageVisible: document.visibilityState === "visible" },
    );
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          tracker.setVisibleShare(entry.isIntersecting ? entry.intersectionRatio : 0);
      },
      { threshold: AD_VIEWABLE_SHARE },
    );
    observer.observe(element);
    const onVisibility = () => tracker.setPageVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", onVisibility);
      tracker.dispose();
    };
  }, [report]);

  return (
    <AdCardView
      ref={card}
      ad={ad}
      placement={ad.placement}
      className={className}
      link={{ href: ad.href, external: ad.external, onClick: () => report("click") }}
      menu={<AdMenuAfterLoad campaignId={ad.campaignId} onDark={ad.placement === "reels"} />}
      dataset={{ token: ad.token, reported: reported.sent.join(" ") }}
    />
  );
}

/**
 * Reports each of an ad's events once, and which the server has taken (`data-reported`, which
 * the end-to-end tests wait on).
 */
function useAdEvents(token: string) {
  const [sent, setSent] = useState<{ token: string; kinds: AdEventKind[] }>({ token, kinds: [] });
  const report = useMemo(() => {
    const asked = new Set<AdEventKind>();
    return (kind: AdEventKind) => {
      if (asked.has(kind)) return;
      asked.add(kind);
      void reportAdEvent(token, kind).then((isSent) => {
        if (!isSent) return;
        setSent((current) =>
          current.token !== token
            ? { token, kinds: [kind] }
            : current.kinds.includes(kind)
              ? current
              : { token, kinds: [...current.kinds, kind] },
        );
      });
    };
  }, [token]);
  return { report, sent: sent.token === token ? sent.kinds : [] };
}

/** Whether `target` has come within a screen of the viewport (true at once without one). */
function useIsNear(target: RefObject<HTMLElement | null> | undefined): boolean {
  const [isNear, setIsNear] = useState(!target);
  useEffect(() => {
    const element = target?.current;
    if (isNear || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, isNear]);
  return isNear;
}

/** The "…" menu, for signed-in people only: a report comes from an account. */
function AdMenuAfterLoad({ campaignId, onDark }: { campaignId: string; onDark: boolean }) {
  const auth = useAuth();
  if (!auth.isAuthenticated) return null;
  return (
    <Suspense fallback={null}>
      <AdMenu campaignId={campaignId} onDark={onDark} />
    </Suspense>
  );
}
