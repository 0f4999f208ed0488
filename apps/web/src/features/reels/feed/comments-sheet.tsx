// A reel's comments, in a sheet over the feed (the reel keeps playing behind it): newest threads
// live, replies one level deep under each, replying, deleting one's own, reporting others'.
import { REEL_COMMENT_MAX_LENGTH, type ReelCard, type ReelComment } from "@litverse/shared/reels";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MessageCircle, MoreHorizontal, Send, Trash2, TriangleAlert, X } from "lucide-react";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { PagedListStates } from "../../../components/paged-list/list-parts.tsx";
import { usePagedList } from "../../../components/paged-list/use-paged-list.ts";
import { PersonAvatar } from "../../../components/people/person-avatar.tsx";
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
import { describeError, toastError } from "../../../lib/errors.ts";
import { formatRelativeDate } from "../../../lib/format.ts";
import { useLiveQuery } from "../../../lib/live-query.ts";
import { trpc, trpcClient } from "../../../lib/trpc.ts";
import { ReportDialog } from "../../profiles/index.ts";
import { patchReel } from "./reel-cache.ts";

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
  const queryClient = useQueryClient();
  const query = useLiveQuery(trpc.reels.listComments.queryOptions({ reelId: reel.id }));
  const list = usePagedList({
    first: query,
    key: ["reel-comments", reel.id],
    fetchPage: (cursor) => trpcClient.reels.listComments.query({ reelId: reel.id, cursor }),
    idOf: (comment) => comment.id,
    timeOf: (comment) => comment.createdAt,
    // A deleted comment goes from the list.
    keepsDeparted: false,
  });
  const [replyTo, setReplyTo] = useState<ReelComment | null>(null);
  const [reporting, setReporting] = useState<ReelComment | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const total = query.data?.total;

  // The card's count follows the live total.
  useEffect(() => {
    if (total !== undefined) patchReel(queryClient, reel.id, () => ({ commentCount: total }));
  }, [queryClient, reel.id, total]);

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
          target={{ kind: "reel_comment", commentId: reporting.id }}
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
  const [isExpanded, setIsExpanded] = useState(false);
  const all = useLiveQuery({
    ...trpc.reels.listComments.queryOptions({ reelId, parentId: comment.id }),
    enabled: isExpanded,
  });
  // Replies run oldest first; pages after the first (live) one are fetched on request.
  const [later, setLater] = useState<{ items: ReelComment[]; cursor: string | null } | null>(null);
  const [isLoadingLater, setIsLoadingLater] = useState(false);
  const firstPage = isExpanded && all.data ? all.data.items : comment.replies;
  const firstIds = new Set(firstPage.map((reply) => reply.id));
  const replies = [...firstPage, ...(later?.items.filter((reply) => !firstIds.has(reply.id)) ?? [])];
  const cursor = later ? later.cursor : (all.data?.nextCursor ?? null);
  const hidden = Math.max(0, comment.replyCount - replies.length);
  const showMore = async () => {
    if (!isExpanded) {
      setIsExpanded(true);
      return;
    }
    if (!cursor) return;
    setIsLoadingLater(true);
    try {
      const page = await trpcClient.reels.listComments.query({ reelId, parentId: comment.id, cursor });
      setLater((current) => ({ items: [...(current?.items ?? []), ...page.items], cursor: page.nextCursor }));
    } catch (error) {
      toastError(error, "Could not load more replies.");
    } finally {
      setIsLoadingLater(false);
    }
  };
  return (
    <div className="mt-3 ml-12 space-y-3">
      <ul className="space-y-3" aria-label={`Replies to ${comment.author.name}`}>
        {replies.map((item) => (
          <li key={item.id}>
            <CommentItem comment={item} onReply={() => onReply(comment)} onReport={onReport} isReply />
          </li>
        ))}
      </ul>
      {isExpanded && all.isLoading ? (
        <Skeleton className="h-4 w-32" />
      ) : hidden > 0 && (!isExpanded || cursor) ? (
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
  const remove = useMutation(trpc.reels.deleteComment.mutationOptions());
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <article className="flex gap-3" aria-label={`Comment by ${comment.author.name}`}>
      <PersonAvatar person={comment.author} size={isReply ? "xs" : "sm"} />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted-foreground">
          <span className="font-semibold text-foreground">{comment.author.name}</span>
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
        onConfirm={() => remove.mutateAsync({ commentId: comment.id })}
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
  const add = useMutation(trpc.reels.addComment.mutationOptions());
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    setError(null);
    try {
      await add.mutateAsync({ reelId: reel.id, text: trimmed, parentId: replyTo?.id ?? null });
      setText("");
      onCancelReply();
    } catch (caught) {
      const details = describeError(caught, "Could not post the comment.");
      setError(details.fieldErrors.text?.[0] ?? details.message);
    }
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
          isLoading={add.isPending}
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
