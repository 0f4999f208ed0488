// Sending a report to the moderators' queue, whatever is reported.
import type { ReportReason } from "@litverse/shared/people";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { describeError } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

export type ReportTarget =
  | { kind: "user"; userId: string; name: string }
  | { kind: "message"; messageId: string }
  | { kind: "club_post"; postId: string }
  | { kind: "reel_comment"; commentId: string };

export function useSendReport(target: ReportTarget) {
  const reportUser = useMutation(trpc.profiles.reportUser.mutationOptions());
  const reportMessage = useMutation(trpc.messages.reportMessage.mutationOptions());
  const reportPost = useMutation(trpc.clubs.reportClubPost.mutationOptions());
  const reportComment = useMutation(trpc.reels.reportComment.mutationOptions());

  /** Sends the report and thanks the person; on failure, says why through `onFailed`. */
  const send = async (
    reason: ReportReason,
    details: string,
    { onSent, onFailed }: { onSent: () => void; onFailed: (message: string) => void },
  ) => {
    try {
      if (target.kind === "user") await reportUser.mutateAsync({ userId: target.userId, reason, details });
      else if (target.kind === "message") {
        await reportMessage.mutateAsync({ messageId: target.messageId, reason, details });
      } else if (target.kind === "club_post") {
        await reportPost.mutateAsync({ postId: target.postId, reason, details });
      } else await reportComment.mutateAsync({ commentId: target.commentId, reason, details });
      toast.success("Thank you. Our team will look at it.");
      onSent();
    } catch (caught) {
      onFailed(describeError(caught, "Could not send the report.").message);
    }
  };

  return {
    send,
    isPending:
      reportUser.isPending || reportMessage.isPending || reportPost.isPending || reportComment.isPending,
  };
}
