// Beside a review: the author's history (when they joined, strikes in force, earlier decisions),
// the notes moderators leave each other about the item, and the item's own decisions.
import type { ModerationDecision, ModerationNote, ModerationReview } from "@litverse/shared/moderation";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { DecisionSummary } from "./decision-card.tsx";
import { ReviewSection } from "./review-item.tsx";
import { useAddNote } from "./use-moderation-review.ts";

export function AuthorHistory({
  history,
  hasAuthor,
}: {
  history: ModerationReview["authorHistory"];
  hasAuthor: boolean;
}) {
  return (
    <ReviewSection title="The author's history" id="review-author">
      {history ? (
        <div className="space-y-3 text-sm">
          <dl className="grid grid-cols-2 gap-2">
            <div className="rounded-xl bg-muted px-3 py-2">
              <dt className="text-xs text-muted-foreground">Joined</dt>
              <dd className="font-semibold">{formatDate(history.joinedAt)}</dd>
            </div>
            <div className="rounded-xl bg-muted px-3 py-2">
              <dt className="text-xs text-muted-foreground">Strikes in force</dt>
              <dd className="font-semibold tabular-nums" data-testid="active-strikes">
                {history.activeStrikes}
              </dd>
            </div>
          </dl>
          {history.decisions.length > 0 ? (
            <ul className="divide-y divide-[var(--border)]" aria-label="Earlier decisions about them">
              {history.decisions.map((decision) => (
                <li key={decision.id} className="py-2 first:pt-0 last:pb-0">
                  <DecisionSummary decision={decision} showTarget />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No earlier decisions about them.</p>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {hasAuthor
            ? "The author's account is gone."
            : "No author on record: the platform's own item, or its author's account is gone."}
        </p>
      )}
    </ReviewSection>
  );
}

export function ItemDecisions({ decisions }: { decisions: ModerationDecision[] }) {
  if (decisions.length === 0) return null;
  return (
    <ReviewSection title="Decisions about this item" id="review-decisions">
      <ul className="divide-y divide-[var(--border)]">
        {decisions.map((decision) => (
          <li key={decision.id} className="py-2 first:pt-0 last:pb-0">
            <DecisionSummary decision={decision} />
          </li>
        ))}
      </ul>
    </ReviewSection>
  );
}

export function NotesPanel({
  itemId,
  notes,
  canManage,
}: {
  itemId: string;
  notes: ModerationNote[];
  canManage: boolean;
}) {
  const { add, isAdding } = useAddNote(itemId);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError("Write a note");
    setError(null);
    if (await add(body.trim())) setBody("");
  };
  return (
    <ReviewSection title="Notes between moderators" id="review-notes">
      <div className="space-y-3">
        {notes.length > 0 ? (
          <ul className="space-y-2" aria-label="Notes">
            {notes.map((note) => (
              <li key={note.id} className="rounded-xl bg-amber-50 px-3 py-2 text-sm dark:bg-amber-400/10">
                <p className="text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{note.author.name}</span> ·{" "}
                  {formatDateTime(note.createdAt)}
                </p>
                <p className="mt-0.5 break-words whitespace-pre-line">{note.body}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No notes yet. The author never sees them.</p>
        )}
        {canManage ? (
          <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
            <Field label="Add a note" error={error}>
              <Textarea
                value={body}
                rows={2}
                maxLength={2000}
                onChange={(event) => setBody(event.target.value)}
              />
            </Field>
            <Button type="submit" size="sm" variant="secondary" isLoading={isAdding}>
              Add note
            </Button>
          </form>
        ) : null}
      </div>
    </ReviewSection>
  );
}
