// The player's keyboard shortcuts, from its settings or the "?" key.
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { SHORTCUTS } from "./player-keys.ts";

export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Keyboard shortcuts" size="sm">
        <dl className="divide-y divide-[var(--border)]">
          {SHORTCUTS.map(({ keys, label }) => (
            <div key={label} className="flex items-center justify-between gap-4 py-2 text-sm">
              <dt>{label}</dt>
              <dd className="flex shrink-0 gap-1">
                {keys.map((key, index) => (
                  <span key={key} className="flex items-center gap-1">
                    {index > 0 ? <span className="text-xs text-muted-foreground">or</span> : null}
                    <kbd className="min-w-7 rounded-md border border-border bg-muted px-1.5 py-0.5 text-center font-sans text-xs font-semibold shadow-[inset_0_-1px_0_var(--border)]">
                      {key}
                    </kbd>
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
