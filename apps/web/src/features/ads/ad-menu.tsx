// An ad's "…" menu: report the ad to the moderators (ad-slot.tsx loads it after the page).
import { cn } from "../../components/ui/cn.ts";
import { ReportMenu } from "../profiles/index.ts";

export function AdMenu({ campaignId, onDark }: { campaignId: string; onDark: boolean }) {
  return (
    <ReportMenu
      target={{ kind: "ad", id: campaignId }}
      label="More about this ad"
      itemLabel="Report ad"
      className={cn(
        // Marked to win over the button's own size and colours (no class merging here).
        "size-8!",
        onDark ? "bg-black/40! text-white! hover:bg-black/60!" : "bg-card text-muted-foreground!",
      )}
    />
  );
}
