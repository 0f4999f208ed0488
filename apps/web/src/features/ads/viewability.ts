// When an ad counts as seen: at least AD_VIEWABLE_SHARE of it on screen for AD_VIEWABLE_MS without
// a break. Dropping below the share starts the count again; a hidden tab only pauses it (the ad
// did not move, the person looked away for a moment). The page feeds in what its
// IntersectionObserver and the document's visibility say; the clock is injected, so the rule can
// be tested without a browser.
import { AD_VIEWABLE_MS, AD_VIEWABLE_SHARE } from "@litverse/shared/ads";

export interface ViewabilityClock {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * An observer reports the ratio at its threshold a hair under it (0.4999 for exactly half), so
 * that much short of the share still counts.
 */
const RATIO_TOLERANCE = 0.001;

export class ViewabilityTracker {
  private share = 0;
  private isPageVisible: boolean;
  /** Visible time gathered before the current stretch (a pause for a hidden tab keeps it). */
  private gathered = 0;
  /** When the current stretch of counting began; null while not counting. */
  private countingSince: number | null = null;
  private timer: unknown = null;
  private done = false;
  private readonly clock: ViewabilityClock;
  private readonly onViewable: () => void;
  private readonly requiredShare: number;
  private readonly requiredMs: number;

  constructor(
    onViewable: () => void,
    clock: ViewabilityClock,
    {
      isPageVisible = true,
      share = AD_VIEWABLE_SHARE,
      durationMs = AD_VIEWABLE_MS,
    }: { isPageVisible?: boolean; share?: number; durationMs?: number } = {},
  ) {
    this.onViewable = onViewable;
    this.clock = clock;
    this.isPageVisible = isPageVisible;
    this.requiredShare = share;
    this.requiredMs = durationMs;
  }

  /** Whether the ad has counted as seen (it is reported once). */
  get isViewable(): boolean {
    return this.done;
  }

  /** The share of the ad on screen changed (an IntersectionObserver entry's intersectionRatio). */
  setVisibleShare(ratio: number): void {
    this.share = ratio;
    if (!this.isEnoughShare()) {
      // Out of sight: the next time it shows, the second starts again.
      this.stopCounting();
      this.gathered = 0;
    }
    this.update();
  }

  /** The tab was hidden or shown again. */
  setPageVisible(isVisible: boolean): void {
    if (!isVisible && this.countingSince !== null) {
      this.gathered += this.clock.now() - this.countingSince;
      this.stopCounting();
    }
    this.isPageVisible = isVisible;
    this.update();
  }

  /** The ad left the page: nothing more is counted or reported. */
  dispose(): void {
    this.stopCounting();
    this.done = true;
  }

  private isEnoughShare(): boolean {
    return this.share >= this.requiredShare - RATIO_TOLERANCE;
  }

  private isEnough(): boolean {
    return this.isEnoughShare() && this.isPageVisible;
  }

  private update(): void {
    if (this.done || this.countingSince !== null || !this.isEnough()) return;
    this.countingSince = this.clock.now();
    this.timer = this.clock.setTimeout(() => this.finish(), Math.max(0, this.requiredMs - this.gathered));
  }

  private finish(): void {
    this.timer = null;
    this.countingSince = null;
    if (this.done) return;
    this.done = true;
    this.onViewable();
  }

  private stopCounting(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.countingSince = null;
  }
}
