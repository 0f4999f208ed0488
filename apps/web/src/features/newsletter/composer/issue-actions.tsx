// What can be done with an issue in its state: a draft or a scheduled issue is tested, saved and
// scheduled (a draft also deleted); one scheduled or going out is paused, a paused one resumed,
// and any of them cancelled, which stops it for good.
import type { NewsletterIssue } from "@litverse/shared/mail";
import { CalendarClock, Pause, Play, Save, Send, Trash2, XCircle } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { toastError } from "../../../lib/errors.ts";
import { isEditable } from "../issue-status.ts";
import { type IssueAction, useDeleteIssue, useIssueAction } from "../use-newsletter.ts";

export function ComposerActions({
  issue,
  isReadOnly,
  isSaving,
  isUploading,
  isSendingTest,
  formId,
  onTest,
  onSchedule,
  onDeleted,
}: {
  issue: NewsletterIssue | null;
  isReadOnly: boolean;
  isSaving: boolean;
  isUploading: boolean;
  isSendingTest: boolean;
  /** The composer's form, which the save button submits. */
  formId: string;
  onTest: () => void;
  onSchedule: () => void;
  onDeleted: () => void;
}) {
  const status = issue?.status ?? "draft";
  const remove = useDeleteIssue();
  return (
    <>
      {!isReadOnly && isEditable(status) ? (
        <>
          <Button variant="secondary" onClick={onTest} isLoading={isSendingTest} disabled={isUploading}>
            {isSendingTest ? null : <Send aria-hidden />}
            Send a test to me
          </Button>
          <Button variant="secondary" type="submit" form={formId} isLoading={isSaving} disabled={isUploading}>
            {isSaving ? null : <Save aria-hidden />}
            {status === "draft" ? "Save draft" : "Save changes"}
          </Button>
          <Button onClick={onSchedule} disabled={isSaving || isUploading}>
            <CalendarClock aria-hidden />
            {status === "scheduled" ? "Reschedule…" : "Schedule…"}
          </Button>
          {issue && status === "draft" ? (
            <ConfirmDialog
              trigger={
                <Button variant="ghost" className="text-rose-700 dark:text-rose-300">
                  <Trash2 aria-hidden />
                  Delete
                </Button>
              }
              title="Delete this draft?"
              description={`“${issue.subject}” and its pictures go for good.`}
              confirmLabel="Delete draft"
              errorFallback="Could not delete the draft."
              onConfirm={async () => {
                await remove(issue._id);
                onDeleted();
              }}
            />
          ) : null}
        </>
      ) : null}
      {issue ? <SendingActions issue={issue} /> : null}
    </>
  );
}

function SendingActions({ issue }: { issue: NewsletterIssue }) {
  const action = useIssueAction();
  const run = (which: IssueAction) =>
    action.run(issue._id, which).catch((error: unknown) => {
      toastError(error, "That did not work. Please try again.");
    });
  const canPause = issue.status === "scheduled" || issue.status === "sending";
  const canCancel = canPause || issue.status === "paused";
  return (
    <>
      {canPause ? (
        <Button variant="secondary" onClick={() => void run("pause")} isLoading={action.isPending}>
          {action.isPending ? null : <Pause aria-hidden />}
          Pause
        </Button>
      ) : null}
      {issue.status === "paused" ? (
        <Button onClick={() => void run("resume")} isLoading={action.isPending}>
          {action.isPending ? null : <Play aria-hidden />}
          Resume
        </Button>
      ) : null}
      {canCancel ? (
        <ConfirmDialog
          trigger={
            <Button variant="ghost" className="text-rose-700 dark:text-rose-300">
              <XCircle aria-hidden />
              Cancel issue
            </Button>
          }
          title="Cancel this issue?"
          description={
            issue.sent > 0
              ? `${issue.sent.toLocaleString("en-US")} messages have gone out and stay sent; nothing more goes. This cannot be undone.`
              : "Nothing goes out, and it cannot be scheduled again."
          }
          confirmLabel="Cancel issue"
          cancelLabel="Keep it"
          errorFallback="Could not cancel the issue."
          onConfirm={() => action.run(issue._id, "cancel")}
        />
      ) : null}
    </>
  );
}
