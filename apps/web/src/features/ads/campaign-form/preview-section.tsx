// The ad as readers will see it, once per chosen placement, following the form as it is typed.
import { AD_PLACEMENT_LABELS, type AdPlacement } from "@litverse/shared/ads";
import { cn } from "../../../components/ui/cn.ts";
import { type AdCardContent, AdCardView } from "../ad-card.tsx";

export function PreviewSection({
  ad,
  placements,
  className,
}: {
  ad: AdCardContent;
  placements: readonly AdPlacement[];
  className?: string;
}) {
  const shown = { ...ad, headline: ad.headline.trim() || "Your headline" };
  return (
    <section aria-labelledby="ad-preview-heading" className={cn("space-y-3", className)}>
      <h3 id="ad-preview-heading" className="text-base font-semibold">
        Preview
      </h3>
      {placements.length === 0 ? (
        <p className="text-sm text-muted-foreground">Choose where the ad shows to see it there.</p>
      ) : (
        <ul className="space-y-4" data-testid="ad-previews">
          {placements.map((placement) => (
            <li key={placement} className="space-y-1.5">
              <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {AD_PLACEMENT_LABELS[placement]}
              </p>
              <AdCardView ad={shown} placement={placement} preview />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
