// The "Keyboard shortcuts" dialog (opened with ?).
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { shortcutList } from "./keyboard.ts";

export function ShortcutsDialog({
  open,
  onOpenChange,
  mirrored,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mirrored: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Keyboard shortcuts"
        description={
          mirrored
            ? "This book reads right to left: the arrows follow its pages."
            : "Keys work anywhere in the reader."
        }
      >
        <table className="w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th>Keys</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-[var(--border)]">
            {shortcutList({ mirrored }).map((shortcut) => (
              <tr key={shortcut.label}>
                <td className="py-2 pr-3 align-top whitespace-nowrap">
                  {shortcut.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 ? <span className="px-1 text-muted-foreground">or</span> : null}
                      <kbd className="inline-block min-w-7 rounded-md border border-border bg-muted px-1.5 py-0.5 text-center font-mono text-xs shadow-[0_1px_0_var(--border)]">
                        {key}
                      </kbd>
                    </span>
                  ))}
                </td>
                <td className="py-2">{shortcut.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
