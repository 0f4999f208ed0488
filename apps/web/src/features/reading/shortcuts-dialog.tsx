// The keyboard shortcuts of a reader or player, listed in a dialog that `?` opens (the test every
// reader's key handler starts with is lib/keyboard.ts).
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";

export interface Shortcut {
  keys: string[];
  label: string;
}

export function ShortcutsDialog({
  open,
  onOpenChange,
  shortcuts,
  description,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shortcuts: ReadonlyArray<Shortcut>;
  description?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Keyboard shortcuts" description={description} size="sm">
        <dl className="divide-y divide-[var(--border)] text-sm">
          {shortcuts.map((shortcut) => (
            <div key={shortcut.label} className="flex items-center justify-between gap-4 py-2">
              <dt className="text-muted-foreground">{shortcut.label}</dt>
              <dd className="flex shrink-0 flex-wrap justify-end gap-1">
                {shortcut.keys.map((key) => (
                  <kbd
                    key={key}
                    className="min-w-7 rounded-md border border-border bg-muted px-1.5 py-0.5 text-center font-sans text-xs font-semibold text-foreground shadow-[0_1px_0_var(--border)]"
                  >
                    {key}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
