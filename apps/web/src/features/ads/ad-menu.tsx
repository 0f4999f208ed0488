// An ad's "…" menu: report the ad to the moderators (ad-slot.tsx loads it after the page).
import { Flag, MoreHorizontal } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { ReportDialog } from "../profiles/index.ts";

export function AdMenu({ campaignId, onDark }: { campaignId: string; onDark: boolean }) {
  const [isReporting, setIsReporting] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label="More about this ad"
            className={cn(
              // Marked to win over the button's own size and colours (no class merging here).
              "size-8!",
              onDark ? "bg-black/40! text-white! hover:bg-black/60!" : "bg-card text-muted-foreground!",
            )}
          >
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setIsReporting(true)}>
            <Flag aria-hidden />
            Report ad
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {isReporting ? (
        <ReportDialog target={{ kind: "ad", id: campaignId }} open onOpenChange={setIsReporting} />
      ) : null}
    </>
  );
}
