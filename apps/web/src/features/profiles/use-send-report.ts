// Sending a report to the moderators' queue, whatever is reported: one function for every kind.
import type { ModerationKind, ReportCategory } from "@litverse/shared/moderation";
import { useMutation } from "@tanstack/react-query";
import { describeError, type ErrorDetails } from "../../lib/errors.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

/** What is reported: its kind and id, and for a person (or their picture) their name. */
export interface ReportTarget {
  kind: ModerationKind;
  id: string;
  name?: string;
}

export function useSendReport(target: ReportTarget) {
  const report = useMutation(trpc.moderation.report.mutationOptions());

  /** Sends the report and thanks the person; on failure, says why through `onFailed`. */
  const send = async (
    category: ReportCategory,
    details: string,
    { onSent, onFailed }: { onSent: () => void; onFailed: (details: ErrorDetails) => void },
  ) => {
    try {
      const { isNew } = await report.mutateAsync({ kind: target.kind, id: target.id, category, details });
      // A second report of the same thing changes nothing; saying so spares a third.
      toast.success(
        isNew ? "Thank you. Our team will look at it." : "You reported this already. Our team has it.",
      );
      onSent();
    } catch (caught) {
      onFailed(describeError(caught, "Could not send the report."));
    }
  };

  return { send, isPending: report.isPending };
}
