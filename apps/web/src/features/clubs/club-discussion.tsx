// A club's discussions: the general board and a thread per milestone. A post that gives away more
// than the reader has finished arrives without its words: it shows blurred with what it spoils and a
// "Show anyway" choice, and opens by itself when the reader's own progress passes it.
import {
  CLUB_POST_MAX_LENGTH,
  CLUB_REACTIONS,
  type ClubDetail,
  type ClubPostItem,
  type ClubReaction,
} from "@litverse/shared/clubs";
import {
  EyeOff,
  Flag,
  Lock,
  MessageSquare,
  MoreHorizontal,
  Pin,
  Reply,
  SendHorizontal,
  Trash2,
} from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  AddPictureButton,
  PicturePreview,
  usePictureAttachment,
} from "../../components/composer/picture-attachment.tsx";
import { Linkified } from "../../components/people/linkify.tsx";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { TeamBadge } from "../../components/people/team-badge.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatRelativeDate } from "../../lib/format.ts";
import { ReportDialog } from "../profiles/index.ts";
import { isModeratorOf } from "./club-roles.ts";
import {
  useClubPosts,
  useCreateClubPost,
  usePostActions,
  useReactToPost,
  useRevealSpoiler,
} from "./use-club-posts.ts";

export function ClubDiscussion({ club }: { club: ClubDetail }) {
  const milestones = club.read?.milestones ?? [];
  const [threadId, setThreadId] = useState<string | null>(null);
  const thread = milestones.find((milestone) => milestone._id === threadId) ?? null;
  const isMember = club.myStatus === "active";
  return (
    <div className="mt-4 space-y-4">
      <nav aria-label="Threads" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        <ThreadChip isActive={thread === null} onClick={() => setThreadId(null)} label="General" />
        {milestones.map((milestone) => (
          <ThreadChip
            key={milestone._id}
            isActive={thread?._id === milestone._id}
            onClick={() => setThreadId(milestone._id)}
            label={`${milestone.title} · ${milestone.fromEpisode}–${milestone.toEpisode}`}
            isAhead={isMember && club.myFinishedEpisode < milestone.toEpisode}
          />
        ))}
      </nav>
      {thread && isMember && club.myFinishedEpisode < thread.toEpisode ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-100">
          This thread talks about episodes up to {thread.toEpisode}. Posts stay hidden until you finish
          episode {thread.toEpisode}.
        </p>
      ) : null}
      {isMember ? (
        club.mutedUntil ? (
          <p className="rounded-xl bg-muted px-4 py-3 text-sm text-muted-foreground">
            A moderator muted you until {new Date(club.mutedUntil).toLocaleString()}.
          </p>
        ) : (
          <PostComposer club={club} milestoneId={thread?._id ?? null} />
        )
      ) : null}
      <PostList club={club} milestoneId={thread?._id ?? null} />
    </div>
  );
}

function ThreadChip({
  label,
  isActive,
  isAhead = false,
  onClick,
}: {
  label: string;
  isActive: boolean;
  isAhead?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isActive}
      className={cn(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm whitespace-nowrap",
        isActive
          ? "border-brand-600 bg-brand-600 text-white"
          : "border-border bg-card text-foreground hover:bg-muted",
      )}
    >
      {isAhead ? <EyeOff className="size-3.5" aria-label="Ahead of you" /> : null}
      {label}
    </button>
  );
}

function PostComposer({
  club,
  milestoneId,
  parentId = null,
  onDone,
}: {
  club: ClubDetail;
  milestoneId: string | null;
  parentId?: string | null;
  onDone?: () => void;
}) {
  const [text, setText] = useState("");
  const [spoiler, setSpoiler] = useState("");
  const { picture, preview, choose, remove } = usePictureAttachment();
  const { send, isSending } = useCreateClubPost();
  const episodeCount = club.read?.content.episodeCount ?? 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if ((!body && !picture) || isSending) return;
    await send(
      {
        clubId: club._id,
        milestoneId,
        parentId,
        body,
        spoilerEpisode: spoiler ? Number(spoiler) : null,
        picture,
      },
      () => {
        setText("");
        setSpoiler("");
        remove();
        onDone?.();
      },
    );
  };

  const spoilerItems = [
    { value: "", label: "No spoilers" },
    ...Array.from({ length: episodeCount }, (_, index) => ({
      value: String(index + 1),
      label: `Spoils episode ${index + 1}`,
    })),
  ];
  const label = parentId ? "Reply" : "New post";
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={parentId ? "Write a reply" : "Write a post"}
      className={cn("rounded-2xl border border-border bg-card p-3", parentId ? "mt-2" : "shadow-sm")}
    >
      <label className="sr-only" htmlFor={`post-${parentId ?? milestoneId ?? "general"}`}>
        {label}
      </label>
      <textarea
        id={`post-${parentId ?? milestoneId ?? "general"}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={parentId ? 2 : 3}
        maxLength={CLUB_POST_MAX_LENGTH}
        placeholder={
          parentId
            ? "Write a reply"
            : "Share a thought, a question, a favourite line… Mention someone with @handle"
        }
        className="w-full resize-y rounded-xl border border-border bg-background px-3 py-2 text-base sm:text-sm"
      />
      {preview ? <PicturePreview url={preview} alt="To post" place="below" onRemove={remove} /> : null}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <AddPictureButton onPick={choose} />
        {!parentId && episodeCount > 0 ? (
          <div className="w-48">
            <NativeSelect
              items={spoilerItems}
              value={spoiler}
              onValueChange={setSpoiler}
              aria-label="Spoiler"
              size="sm"
            />
          </div>
        ) : null}
        <Button
          type="submit"
          size="sm"
          className="ml-auto"
          isLoading={isSending}
          disabled={!text.trim() && !picture}
        >
          <SendHorizontal aria-hidden /> {parentId ? "Reply" : "Post"}
        </Button>
      </div>
    </form>
  );
}

function PostList({ club, milestoneId }: { club: ClubDetail; milestoneId: string | null }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const first = useClubPosts(club._id, milestoneId);
  if (first.isPending) {
    return (
      <div role="status" aria-label="Loading posts" className="space-y-3">
        {[0, 1].map((index) => (
          <Skeleton key={index} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (first.isError) return <ErrorState error={first.error} onRetry={() => void first.refetch()} />;
  if (first.data.items.length === 0) {
    return (
      <EmptyState
        icon={MessageSquare}
        title="No posts yet"
        text={club.myStatus === "active" ? "Start the conversation." : "Posts from members show here."}
        as="h3"
      />
    );
  }
  const lastCursor = cursors.at(-1) ?? first.data.nextCursor;
  return (
    <div>
      <ul className="space-y-3" aria-label="Posts">
        {first.data.items.map((post) => (
          <PostCard key={post._id} post={post} club={club} milestoneId={milestoneId} />
        ))}
      </ul>
      {cursors.map((cursor) => (
        <OlderPosts
          key={cursor}
          club={club}
          milestoneId={milestoneId}
          cursor={cursor}
          onNext={(next) => next && setCursors((all) => [...all, next])}
        />
      ))}
      {cursors.length === 0 && lastCursor ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => setCursors([lastCursor])}>
            Older posts
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A page further back; live like the first, so that reactions and deletions show there too. */
function OlderPosts({
  club,
  milestoneId,
  cursor,
  onNext,
}: {
  club: ClubDetail;
  milestoneId: string | null;
  cursor: string;
  onNext: (cursor: string | null) => void;
}) {
  const page = useClubPosts(club._id, milestoneId, cursor);
  const [asked, setAsked] = useState(false);
  if (page.isPending) return <Skeleton className="mt-3 h-28 w-full" />;
  if (page.isError)
    return <ErrorState className="mt-3" error={page.error} onRetry={() => void page.refetch()} />;
  return (
    <>
      <ul className="mt-3 space-y-3">
        {page.data.items.map((post) => (
          <PostCard key={post._id} post={post} club={club} milestoneId={milestoneId} />
        ))}
      </ul>
      {page.data.nextCursor && !asked ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => {
              setAsked(true);
              onNext(page.data.nextCursor);
            }}
          >
            Older posts
          </Button>
        </div>
      ) : null}
    </>
  );
}

function PostCard({
  post,
  club,
  milestoneId,
  isReply = false,
}: {
  post: ClubPostItem;
  club: ClubDetail;
  milestoneId: string | null;
  isReply?: boolean;
}) {
  const [isReplying, setIsReplying] = useState(false);
  const isMember = club.myStatus === "active";
  const canReply = !isReply && isMember && !post.isLocked && !post.isDeleted && !club.mutedUntil;
  const Container = isReply ? "div" : "li";
  return (
    <Container
      className={cn(!isReply && "rounded-2xl border border-border bg-card p-4 shadow-sm")}
      data-testid={isReply ? "club-reply" : "club-post"}
    >
      <div className="flex items-start gap-3">
        {post.author ? <PersonAvatar person={post.author} size={isReply ? "xs" : "sm"} /> : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-medium">{post.author?.name ?? "Deleted"}</span>
            <TeamBadge person={post.author} />
            <span className="text-muted-foreground">{formatRelativeDate(post.createdAt)}</span>
            {post.isPinned ? (
              <Badge variant="brand">
                <Pin aria-hidden /> Pinned
              </Badge>
            ) : null}
            {post.isLocked ? (
              <Badge>
                <Lock aria-hidden /> Locked
              </Badge>
            ) : null}
            {post.spoilerEpisode && !post.isHidden ? (
              <Badge variant="warning">Spoiler · episode {post.spoilerEpisode}</Badge>
            ) : null}
            <span className="ml-auto">
              {post.isDeleted ? null : <PostMenu post={post} club={club} isReply={isReply} />}
            </span>
          </div>
          <PostBody post={post} club={club} />
          <div className="mt-2 flex flex-wrap items-center gap-1">
            {!post.isDeleted && !post.isHidden ? <Reactions post={post} canReact={isMember} /> : null}
            {canReply && !isReplying ? (
              <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => setIsReplying(true)}>
                <Reply aria-hidden /> Reply
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      {!isReply && (post.replies.length > 0 || isReplying) ? (
        <div className="mt-3 space-y-3 border-l-2 border-border pl-4 sm:ml-11">
          {post.replyCount > post.replies.length ? (
            <p className="text-xs text-muted-foreground">The newest {post.replies.length} replies.</p>
          ) : null}
          {post.replies.map((reply) => (
            <PostCard key={reply._id} post={reply} club={club} milestoneId={milestoneId} isReply />
          ))}
          {isReplying ? (
            <PostComposer
              club={club}
              milestoneId={milestoneId}
              parentId={post._id}
              onDone={() => setIsReplying(false)}
            />
          ) : null}
        </div>
      ) : null}
    </Container>
  );
}

function PostBody({ post, club }: { post: ClubPostItem; club: ClubDetail }) {
  const { reveal, isRevealing } = useRevealSpoiler(post._id);
  if (post.isDeleted)
    return <p className="mt-1 text-sm text-muted-foreground italic">This post was deleted.</p>;
  if (post.isHidden) {
    return (
      <div
        className="relative mt-2 overflow-hidden rounded-xl border border-dashed border-amber-400/60 bg-amber-50/60 p-4 dark:bg-amber-400/5"
        data-testid="spoiler-cover"
      >
        <div aria-hidden className="space-y-2 blur-sm select-none">
          <div className="h-3 w-11/12 rounded bg-stone-300 dark:bg-stone-600" />
          <div className="h-3 w-9/12 rounded bg-stone-300 dark:bg-stone-600" />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <EyeOff className="size-4 text-amber-700 dark:text-amber-300" aria-hidden />
          <span>
            Spoiler for episode {post.spoilerEpisode}. You have finished {club.myFinishedEpisode}.
          </span>
          <Button size="sm" variant="secondary" isLoading={isRevealing} onClick={reveal}>
            Show anyway
          </Button>
        </div>
      </div>
    );
  }
  return (
    <>
      {post.body ? (
        <p className="mt-1 text-sm break-words whitespace-pre-wrap">
          <Linkified text={post.body} />
        </p>
      ) : null}
      {post.imageUrl ? (
        <a href={post.imageUrl} target="_blank" rel="noreferrer" className="mt-2 block w-fit">
          <img
            src={post.imageUrl}
            alt="Attached"
            className="max-h-80 rounded-xl border border-border"
            loading="lazy"
          />
        </a>
      ) : null}
    </>
  );
}

function Reactions({ post, canReact }: { post: ClubPostItem; canReact: boolean }) {
  const react = useReactToPost(post._id);
  const counts = new Map(post.reactions.map((reaction) => [reaction.reaction, reaction]));
  const shown: ClubReaction[] = canReact
    ? [...CLUB_REACTIONS]
    : post.reactions.map((reaction) => reaction.reaction);
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((reaction) => {
        const entry = counts.get(reaction);
        return (
          <button
            key={reaction}
            type="button"
            disabled={!canReact}
            aria-pressed={entry?.mine ?? false}
            aria-label={`${reaction} ${entry?.count ?? 0}`}
            onClick={() => react(reaction, !entry?.mine)}
            className={cn(
              "inline-flex h-7 items-center gap-1 rounded-full border px-2 text-sm tabular-nums",
              entry?.mine
                ? "border-brand-500 bg-brand-50 dark:bg-brand-500/15"
                : "border-border hover:bg-muted",
              !entry && "opacity-60 hover:opacity-100",
            )}
          >
            <span aria-hidden>{reaction}</span>
            {entry ? <span aria-hidden>{entry.count}</span> : null}
          </button>
        );
      })}
    </>
  );
}

function PostMenu({ post, club, isReply }: { post: ClubPostItem; club: ClubDetail; isReply: boolean }) {
  const [isReporting, setIsReporting] = useState(false);
  const actions = usePostActions(post._id);
  const isModerator = isModeratorOf(club);
  const isTopLevel = !isReply;
  if (!isModerator && !post.isMine && club.myStatus !== "active") return null;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label="More for this post">
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {isModerator && isTopLevel ? (
            <>
              <DropdownMenuItem onSelect={() => actions.setPinned(!post.isPinned)}>
                <Pin aria-hidden />
                {post.isPinned ? "Unpin" : "Pin to the top"}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => actions.setLocked(!post.isLocked)}>
                <Lock aria-hidden />
                {post.isLocked ? "Allow replies" : "Lock replies"}
              </DropdownMenuItem>
            </>
          ) : null}
          {post.isMine || isModerator ? (
            <ConfirmDialog
              trigger={
                <DropdownMenuItem onSelect={(event) => event.preventDefault()}>
                  <Trash2 aria-hidden />
                  Delete
                </DropdownMenuItem>
              }
              title="Delete this post?"
              description="Its replies stay, under a note that the post was deleted."
              confirmLabel="Delete post"
              onConfirm={actions.remove}
            />
          ) : null}
          {!post.isMine ? (
            <DropdownMenuItem onSelect={() => setIsReporting(true)}>
              <Flag aria-hidden />
              Report
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportDialog
        target={{ kind: "club_post", id: post._id }}
        open={isReporting}
        onOpenChange={setIsReporting}
      />
    </>
  );
}
