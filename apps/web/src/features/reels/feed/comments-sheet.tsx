// A reel's comments, in a sheet over the feed (the reel keeps playing behind it): newest threads
// live, replies one level deep under each, replying, deleting one's own, reporting others'.
import { REEL_COMMENT_MAX_LENGTH, type ReelCard, type ReelComment } from "@litverse/shared/reels";
import { MessageCircle, MoreHorizontal, Send, Trash2, TriangleAlert, X } from "lucide-react";
import { type FormEvent, type RefObject, useRef, useState } from "react";
import { PagedListStates } from "../../../components/paged-list/list-parts.tsx";
import { PersonAvatar } from "../../../components/people/person-avatar.tsx";
import { TeamBadge } from "../../../components/people/team-badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { formatRelativeDate } from "../../../lib/format.ts";
import { ReportDialog } from "../../profiles/index.ts";
import { useAddComment, useCommentReplies, useDeleteComment, useReelComments } from "./use-reel-comments.ts";

export function CommentsSheet({
  reel,
  onOpenChange,
}: {
  reel: ReelCard | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={reel !== null} onOpenChange={onOpenChange}>
      {reel ? <CommentsContent key={reel.id} reel={reel} /> : null}
    </Dialog>
  );
}

function CommentsContent({ reel }: { reel: ReelCard }) {
  const { query, list, total } = useReelComments(reel.id);
  const [replyTo, setReplyTo] = useState<ReelComment | null>(null);
  const [reporting, setReporting] = useState<ReelComment | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const reply = (comment: ReelComment) => {
    setReplyTo(comment);
    field.current?.focus();
  };

  return (
    <DialogContent
      size="md"
      title={total === undefined ? "Comments" : `Comments (${total})`}
      description={`On the reel by ${reel.creator.name}.`}
      footer={
        <CommentForm reel={reel} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} field={field} />
      }
      className="sm:max-h-[min(44rem,calc(100dvh-4rem))]"
    >
      <PagedListStates
        first={query}
        list={list}
        what="comments"
        empty={
          <div className="flex flex-col items-center py-10 text-center text-muted-foreground">
            <MessageCircle className="size-8" aria-hidden />
            <p className="mt-2 font-medium text-foreground">No comments yet</p>
            <p className="text-sm">Say what you think of it.</p>
          </div>
        }
      >
        <ul className="space-y-5" aria-label="Comments" data-testid="reel-comments">
          {list.items.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} onReply={reply} onReport={setReporting} />
              {comment.replies.length > 0 || comment.replyCount > 0 ? (
                <Replies reelId={reel.id} comment={comment} onReply={reply} onReport={setReporting} />
              ) : null}
            </li>
          ))}
        </ul>
      </PagedListStates>
      {reporting ? (
        <ReportDialog
          target={{ kind: "reel_comment", id: reporting.id }}
          open
          onOpenChange={(open) => !open && setReporting(null)}
        />
      ) : null}
    </DialogContent>
  );
}

/** A comment's replies: the first few come with it; the rest on request, then kept live. */
function Replies({
  reelId,
  comment,
  onReply,
  onReport,
}: {
  reelId: string;
  comment: ReelComment;
  onReply: (comment: ReelComment) => void;
  onReport: (comment: ReelComment) => void;
}) {
  const { replies, hidden, canShowMore, isLoadingFirst, isLoadingLater, showMore } = useCommentReplies(
    reelId,
    comment,
  );
  return (
    <div className="mt-3 ml-12 space-y-3">
      <ul className="space-y-3" aria-label={`Replies to ${comment.author.name}`}>
        {replies.map((item) => (
          <li key={item.id}>
            <CommentItem comment={item} onReply={() => onReply(comment)} onReport={onReport} isReply />
          </li>
        ))}
      </ul>
      {isLoadingFirst ? (
        <Skeleton className="h-4 w-32" />
      ) : hidden > 0 && canShowMore ? (
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3"
          isLoading={isLoadingLater}
          onClick={() => void showMore()}
        >
          View {hidden} more {hidden === 1 ? "reply" : "replies"}
        </Button>
      ) : null}
    </div>
  );
}

function CommentItem({
  comment,
  onReply,
  onReport,
  isReply = false,
}: {
  comment: ReelComment;
  onReply: (comment: ReelComment) => void;
  onReport: (comment: ReelComment) => void;
  isReply?: boolean;
}) {
  const remove = useDeleteComment(comment.id);
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <article className="flex gap-3" aria-label={`Comment by ${comment.author.name}`}>
      <PersonAvatar person={comment.author} size={isReply ? "xs" : "sm"} />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted-foreground">
          <span className="font-semibold text-foreground">{comment.author.name}</span>
          <TeamBadge person={comment.author} className="ml-1.5 align-middle" />
          <span aria-hidden> · </span>
          <time dateTime={comment.createdAt}>{formatRelativeDate(comment.createdAt)}</time>
        </p>
        {comment.isDeleted ? (
          <p className="mt-0.5 text-sm text-muted-foreground italic">Comment deleted</p>
        ) : (
          <p className="mt-0.5 text-sm break-words whitespace-pre-line">{comment.text}</p>
        )}
        {comment.isDeleted ? null : (
          <button
            type="button"
            className="mt-1 text-xs font-semibold text-muted-foreground hover:text-foreground"
            onClick={() => onReply(comment)}
          >
            Reply
          </button>
        )}
      </div>
      {comment.isDeleted || (comment.isMine && !comment.canDelete) ? null : (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8" aria-label="More for this comment">
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {comment.isMine ? null : (
              <DropdownMenuItem onSelect={() => onReport(comment)}>
                <TriangleAlert aria-hidden />
                Report
              </DropdownMenuItem>
            )}
            {comment.canDelete ? (
              <DropdownMenuItem variant="danger" onSelect={() => setIsConfirming(true)}>
                <Trash2 aria-hidden />
                Delete
              </DropdownMenuItem>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Delete this comment?"
        description="It goes for everyone. Replies to it stay."
        confirmLabel="Delete comment"
        onConfirm={remove}
        errorFallback="Could not delete the comment."
      />
    </article>
  );
}

function CommentForm({
  reel,
  replyTo,
  onCancelReply,
  field,
}: {
  reel: ReelCard;
  replyTo: ReelComment | null;
  onCancelReply: () => void;
  field: RefObject<HTMLTextAreaElement | null>;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { add, isAdding } = useAddComment(reel.id);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    setError(null);
    await add(trimmed, replyTo?.id ?? null, {
      onAdded: () => {
        setText("");
        onCancelReply();
      },
      onFailed: setError,
    });
  };
  return (
    <form className="flex w-full! flex-col gap-2" onSubmit={(event) => void submit(event)}>
      {replyTo ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          Replying to <span className="font-semibold text-foreground">{replyTo.author.name}</span>
          <button
            type="button"
            className="inline-flex size-6 items-center justify-center rounded-full hover:bg-muted"
            aria-label="Cancel the reply"
            onClick={onCancelReply}
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <Textarea
          ref={field}
          rows={1}
          value={text}
          maxLength={REEL_COMMENT_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              void submit();
            }
          }}
          placeholder={replyTo ? "Write a reply…" : "Add a comment…"}
          aria-label={replyTo ? `Reply to ${replyTo.author.name}` : "Add a comment"}
          aria-invalid={error ? true : undefined}
          className="max-h-32 min-h-10 flex-1 resize-none [field-sizing:content]"
        />
        <Button
          type="submit"
          size="icon"
          aria-label={replyTo ? "Send reply" : "Send comment"}
          isLoading={isAdding}
          disabled={!text.trim()}
        >
          <Send aria-hidden />
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-xs font-medium text-rose-600 dark:text-rose-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
