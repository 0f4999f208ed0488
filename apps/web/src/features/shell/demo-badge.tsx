// On a demo start, a "Demo" pill that says what that means. Nothing shows on a production server,
// which so never downloads the pill's panel (nor the popover library under it).
import { Suspense } from "react";
import { lazyAfterLoad } from "../../lib/after-load.ts";
import { useClientConfig } from "../../lib/client-config.tsx";

// The panel's code follows the page's first paint.
const DemoBadgePopover = lazyAfterLoad(
  async () => (await import("./demo-badge-popover.tsx")).DemoBadgePopover,
);

export function DemoBadge({ className = "" }: { className?: string }) {
  const { isDemo } = useClientConfig();
  if (!isDemo) return null;
  return (
    // Until the panel's code arrives, a blank of the pill's size keeps the header from shifting.
    <Suspense fallback={<span className={`inline-block h-7 w-[4.4rem] shrink-0 ${className}`} aria-hidden />}>
      <DemoBadgePopover className={className} />
    </Suspense>
  );
}
