// A "…" menu with Report, for an item whose page or card has no menu of its own yet (a title, a
// story, a club poll). Not shown on one's own item: the caller leaves it out.
import { Flag, MoreHorizontal } from "lucide-react";
import { useState } from "react";
import { Button, type ButtonProps } from "../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { ReportDialog } from "./report-dialog.tsx";
import type { ReportTarget } from "./use-send-report.ts";

export function ReportMenu({
  target,
  label,
  itemLabel = "Report",
  size = "icon",
  className,
}: {
  target: ReportTarget;
  /** The trigger's accessible name: "More for this poll". */
  label: string;
  /** The menu item's words: "Report ad". */
  itemLabel?: string;
  size?: ButtonProps["size"];
  className?: string;
}) {
  const [isReporting, setIsReporting] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size={size} className={className} aria-label={label}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setIsReporting(true)}>
            <Flag aria-hidden />
            {itemLabel}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {isReporting ? <ReportDialog target={target} open onOpenChange={setIsReporting} /> : null}
    </>
  );
}
