// What a row of a conversation list shows: who, when, the last message (whose, or a picture) and
// how many are unread. The reader's list and a persona's inbox each wrap it in their own link.
import type { ConversationSummary } from "@litverse/shared/messages";
import { ImageIcon } from "lucide-react";
import { formatRelativeDate } from "../../lib/format.ts";
import { PersonAvatar } from "../people/person-avatar.tsx";
import { TeamBadge } from "../people/team-badge.tsx";
import { cn } from "../ui/cn.ts";

export function ConversationSummaryRow({
  item,
  now,
  speaker,
  unreadTestId,
}: {
  item: ConversationSummary;
  now: number;
  /** Who "fromMe" is, as the last message's prefix: "You", or a persona's name. */
  speaker: string;
  unreadTestId: string;
}) {
  const last = item.lastMessage;
  return (
    <>
      <PersonAvatar person={item.partner} size="md" showPresence />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn("line-clamp-1", item.unreadCount > 0 ? "font-semibold" : "font-medium")}>
            {item.partner.name}
          </span>
          <TeamBadge person={item.partner} />
          {last ? (
            <span className="shrink-0 text-xs text-muted-foreground">
              {formatRelativeDate(last.createdAt, now)}
            </span>
          ) : null}
        </span>
        <span className="flex items-center justify-between gap-2">
          <span
            className={cn(
              "line-clamp-1 text-sm",
              item.unreadCount > 0 ? "text-foreground" : "text-muted-foreground",
            )}
          >
            {last ? (
              <>
                {last.fromMe ? `${speaker}: ` : ""}
                {last.hasImage && !last.body ? (
                  <span className="inline-flex items-center gap-1">
                    <ImageIcon className="size-3.5" aria-hidden />
                    Picture
                  </span>
                ) : (
                  last.body
                )}
              </>
            ) : null}
          </span>
          {item.unreadCount > 0 ? (
            <span
              className="shrink-0 rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white tabular-nums"
              data-testid={unreadTestId}
            >
              {item.unreadCount > 99 ? "99+" : item.unreadCount}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
      </span>
    </>
  );
}
