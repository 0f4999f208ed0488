// The buttons beside a reel: like, comments, share, sound and captions, and a menu with Report.
// Over the video on phones (white on the picture), beside it on wider screens (in the page's
// colours).
import type { ReelCard } from "@litverse/shared/reels";
import {
  Captions,
  CaptionsOff,
  Flag,
  Heart,
  MessageCircle,
  MoreHorizontal,
  Share2,
  Volume2,
  VolumeX,
} from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { formatCount } from "../../../lib/format.ts";
import { useToggleLike } from "./use-reel-actions.ts";

export function ReelActions({
  reel,
  isMuted,
  areCaptionsOn,
  onToggleSound,
  onToggleCaptions,
  onOpenComments,
  onOpenShare,
  onReport,
  className,
}: {
  reel: ReelCard;
  isMuted: boolean;
  areCaptionsOn: boolean;
  onToggleSound: () => void;
  onToggleCaptions: () => void;
  onOpenComments: () => void;
  onOpenShare: () => void;
  /** Left out for one's own reel. */
  onReport?: () => void;
  className?: string;
}) {
  const toggleLike = useToggleLike(reel);

  return (
    <div className={cn("flex flex-col items-center gap-3", className)}>
      <Action
        label={reel.isLiked ? "Unlike" : "Like"}
        count={reel.likeCount}
        pressed={reel.isLiked}
        onClick={() => void toggleLike()}
      >
        <Heart aria-hidden className={cn(reel.isLiked && "fill-rose-500 text-rose-500")} />
      </Action>
      <Action label="Comments" count={reel.commentCount} onClick={onOpenComments}>
        <MessageCircle aria-hidden />
      </Action>
      <Action label="Share" count={reel.shareCount} onClick={onOpenShare}>
        <Share2 aria-hidden />
      </Action>
      <Action label={isMuted ? "Unmute" : "Mute"} onClick={onToggleSound} testId="reel-sound">
        {isMuted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
      </Action>
      {reel.captionsUrl ? (
        <Action label={areCaptionsOn ? "Hide captions" : "Show captions"} onClick={onToggleCaptions}>
          {areCaptionsOn ? <Captions aria-hidden /> : <CaptionsOff aria-hidden />}
        </Action>
      ) : null}
      {onReport ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <button type="button" aria-label="More for this reel" title="More" className={ACTION_CLASSES}>
              <MoreHorizontal aria-hidden />
            </button>
          </DropdownMenuTrigger>
          <DropdownMenuContent side="left" align="end">
            <DropdownMenuItem onSelect={onReport}>
              <Flag aria-hidden />
              Report reel
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}

const ACTION_CLASSES = cn(
  "inline-flex size-12 items-center justify-center rounded-full transition [&_svg]:size-6",
  "bg-black/35 text-white backdrop-blur-sm hover:bg-black/55 focus-visible:outline-2 focus-visible:outline-white",
  "md:bg-muted md:text-foreground md:backdrop-blur-none md:hover:bg-stone-200 md:focus-visible:outline-brand-500 md:dark:hover:bg-white/15",
);

function Action({
  label,
  count,
  pressed,
  onClick,
  testId,
  children,
}: {
  label: string;
  count?: number;
  pressed?: boolean;
  onClick: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-0.5">
      <button
        type="button"
        aria-label={count === undefined ? label : `${label}, ${count}`}
        aria-pressed={pressed}
        title={label}
        onClick={onClick}
        data-testid={testId}
        className={ACTION_CLASSES}
      >
        {children}
      </button>
      {count === undefined ? null : (
        <span
          aria-hidden
          className="text-xs font-semibold text-white tabular-nums [text-shadow:0_1px_2px_rgb(0_0_0/0.6)] md:text-foreground md:[text-shadow:none]"
        >
          {formatCount(count)}
        </span>
      )}
    </div>
  );
}
