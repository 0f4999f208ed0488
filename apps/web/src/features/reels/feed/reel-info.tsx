// Under a reel: who made it (and following them), its caption, and "Watch the series", which
// records the click (for the reel → title → unlock conversion) and opens the title or episode, or
// the unlock dialog when the viewer cannot open it yet.
import type { EpisodeSummary } from "@litverse/shared/content";
import type { ReelCard } from "@litverse/shared/reels";
import { BadgeCheck, ChevronRight, Lock, Plus, UserCheck } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { PersonAvatar } from "../../../components/people/person-avatar.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { UnlockDialog } from "../../unlocks/index.ts";
import { useOpenLinkedTitle, useToggleFollow } from "./use-reel-actions.ts";

export function creatorPath(creator: Pick<ReelCard["creator"], "id" | "handle">): string {
  return creator.handle ? `/user/${creator.handle}` : `/profile/${creator.id}`;
}

export function ReelInfo({ reel, isOwn }: { reel: ReelCard; isOwn: boolean }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const { creator } = reel;
  return (
    <div className="space-y-2.5 text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.5)]">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1.5">
        <Link
          to={creatorPath(creator)}
          className="flex max-w-full min-w-0 items-center gap-2 rounded-full pr-1 hover:underline"
        >
          <PersonAvatar
            person={{ _id: creator.id, name: creator.name, avatarUrl: creator.avatarUrl, lastSeenAt: null }}
            size="sm"
            className="self-center rounded-full ring-2 ring-white/70"
          />
          <span className="truncate font-semibold">{creator.name}</span>
        </Link>
        {creator.isOfficial ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-white/20 px-2 py-0.5 text-xs font-semibold backdrop-blur-sm">
            <BadgeCheck className="size-3.5" aria-hidden />
            Official
          </span>
        ) : null}
        {isOwn ? null : <FollowButton creator={creator} />}
      </div>
      {reel.caption ? (
        <p className={cn("text-sm leading-snug whitespace-pre-line", !isExpanded && "line-clamp-2")}>
          {reel.caption}
          {reel.caption.length > 90 ? (
            <button
              type="button"
              className="ml-1 font-semibold underline-offset-2 hover:underline"
              aria-expanded={isExpanded}
              onClick={() => setIsExpanded((value) => !value)}
            >
              {isExpanded ? "less" : "more"}
            </button>
          ) : null}
        </p>
      ) : null}
      {reel.link ? <WatchSeriesButton reel={reel} link={reel.link} /> : null}
    </div>
  );
}

function FollowButton({ creator }: { creator: ReelCard["creator"] }) {
  const toggle = useToggleFollow(creator);
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-pressed={creator.isFollowed}
      aria-label={creator.isFollowed ? `Following ${creator.name}` : `Follow ${creator.name}`}
      className={cn(
        "inline-flex h-7 shrink-0 items-center gap-1 rounded-full px-2.5 text-xs font-semibold transition [&_svg]:size-3.5",
        "focus-visible:outline-2 focus-visible:outline-white [text-shadow:none]",
        creator.isFollowed
          ? "bg-white/20 text-white backdrop-blur-sm hover:bg-white/30"
          : "bg-white text-stone-900 hover:bg-white/85",
      )}
    >
      {creator.isFollowed ? <UserCheck aria-hidden /> : <Plus aria-hidden />}
      {creator.isFollowed ? "Following" : "Follow"}
    </button>
  );
}

function WatchSeriesButton({ reel, link }: { reel: ReelCard; link: NonNullable<ReelCard["link"]> }) {
  const navigate = useNavigate();
  const { open, isOpening } = useOpenLinkedTitle(reel.id);
  const [locked, setLocked] = useState<EpisodeSummary | null>(null);
  const go = () =>
    open((result) => {
      if (result.episode?.lock) setLocked(result.episode);
      else navigate(result.path);
    });
  return (
    <>
      <button
        type="button"
        onClick={() => void go()}
        disabled={isOpening}
        aria-busy={isOpening || undefined}
        className={cn(
          "flex w-full max-w-sm items-center gap-3 rounded-xl bg-white/15 p-2 pr-3 text-left backdrop-blur-md transition [text-shadow:none]",
          "hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-80",
        )}
      >
        {link.coverImage ? (
          <img src={link.coverImage} alt="" className="h-12 w-9 shrink-0 rounded-md object-cover" />
        ) : null}
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-medium text-white/80">Watch the series</span>
          <span className="block truncate text-sm font-semibold">{link.title}</span>
        </span>
        {link.isLocked ? (
          <>
            <Lock className="size-4 shrink-0" aria-hidden />
            <span className="sr-only">(locked)</span>
          </>
        ) : null}
        <ChevronRight className="size-5 shrink-0" aria-hidden />
      </button>
      <UnlockDialog episode={locked} onOpenChange={(isOpen) => !isOpen && setLocked(null)} />
    </>
  );
}
