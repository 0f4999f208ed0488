// The demo pill's panel: what a demo start means (sample data, demo accounts with a published
// password, payments without money). Loaded only on demo servers (demo-badge.tsx).
import { DEMO_PASSWORD, DEMO_SIGN_INS, DEMO_SUMMARY, DEMO_TITLE } from "@litverse/shared/demo-accounts";
import { Info } from "lucide-react";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/popover.tsx";

export function DemoBadgePopover({ className = "" }: { className?: string }) {
  return (
    <Popover>
      <PopoverTrigger
        className={`inline-flex h-7 items-center gap-1 rounded-full border border-amber-600/40 bg-amber-100 px-2.5 text-xs font-semibold text-amber-900 transition hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-200 dark:hover:bg-amber-900 ${className}`}
        data-testid="demo-badge"
      >
        <Info className="size-3.5" aria-hidden />
        Demo
      </PopoverTrigger>
      <PopoverContent className="text-sm">
        <p className="font-semibold">{DEMO_TITLE}</p>
        <p className="mt-1 text-muted-foreground">{DEMO_SUMMARY}</p>
        <p className="mt-3 font-medium">Demo accounts</p>
        <ul className="mt-1 space-y-0.5 font-mono text-xs">
          {DEMO_SIGN_INS.map(({ email }) => (
            <li key={email}>{email}</li>
          ))}
        </ul>
        <p className="mt-2 text-muted-foreground">
          Password: <span className="font-mono text-foreground">{DEMO_PASSWORD}</span>
        </p>
      </PopoverContent>
    </Popover>
  );
}
