// Writing or editing the note on a highlight.
import { useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";

export const MAX_NOTE_CHARS = 2000;

export function NoteDialog({
  open,
  quote,
  initialNote,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  quote: string;
  initialNote: string;
  onOpenChange: (open: boolean) => void;
  onSave: (note: string) => Promise<void> | void;
}) {
  const [note, setNote] = useState(initialNote);
  const [isSaving, setIsSaving] = useState(false);
  const fieldId = useId();
  useEffect(() => {
    if (open) setNote(initialNote);
  }, [open, initialNote]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={initialNote ? "Edit note" : "Add a note"}
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              form={`${fieldId}-form`}
              type="submit"
              isLoading={isSaving}
              disabled={note.length > MAX_NOTE_CHARS}
            >
              Save note
            </Button>
          </>
        }
      >
        <form
          id={`${fieldId}-form`}
          onSubmit={async (event) => {
            event.preventDefault();
            setIsSaving(true);
            try {
              await onSave(note.trim());
              onOpenChange(false);
            } finally {
              setIsSaving(false);
            }
          }}
        >
          {quote ? (
            <blockquote className="mb-3 line-clamp-4 border-l-4 border-yellow-300 pl-3 font-serif text-sm text-muted-foreground">
              {quote}
            </blockquote>
          ) : null}
          <label htmlFor={fieldId} className="mb-1 block text-sm font-medium">
            Note
          </label>
          <Textarea
            id={fieldId}
            value={note}
            rows={5}
            maxLength={MAX_NOTE_CHARS}
            autoFocus
            onChange={(event) => setNote(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <p className="mt-1 text-right text-xs text-muted-foreground tabular-nums">
            {note.length} / {MAX_NOTE_CHARS}
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
