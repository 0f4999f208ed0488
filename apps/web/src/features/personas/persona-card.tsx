// One persona on the list: who it is (picture, name, handle, the team's label), its bio and genres,
// its inbox at a glance, and what the team can do with it.
import type { TeamPersona } from "@litverse/shared/personas";
import { Camera, ExternalLink, Film, MessageCircle, MessagesSquare, Pencil, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { TeamBadge } from "../../components/people/team-badge.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { formatRelativeDate } from "../../lib/format.ts";
import { profilePathOf } from "./persona-values.ts";

export type PersonaAction = "edit" | "picture" | "post" | "comment";

export function PersonaCard({
  persona,
  now,
  onAction,
}: {
  persona: TeamPersona;
  now: number;
  onAction: (action: PersonaAction) => void;
}) {
  const { person } = persona;
  const headingId = `persona-${person._id}`;
  const conversations = persona.conversationCount;
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5"
      data-testid="persona-card"
    >
      <div className="flex items-start gap-3">
        <PersonAvatar person={person} size="md" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg leading-snug font-semibold break-words">
            {person.name}
          </h2>
          <p className="text-sm break-all text-muted-foreground">
            {person.handle ? `@${person.handle}` : null}
          </p>
          <TeamBadge person={person} className="mt-1.5" />
        </div>
      </div>
      {persona.bio ? (
        <p className="line-clamp-3 text-sm whitespace-pre-line">{persona.bio}</p>
      ) : (
        <p className="text-sm text-muted-foreground italic">No bio yet.</p>
      )}
      {persona.favouriteGenres.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Favourite genres">
          {persona.favouriteGenres.map((genre) => (
            <li key={genre}>
              <Badge>{genre}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Conversations</dt>
          <MessagesSquare className="size-4" aria-hidden />
          <dd data-testid="persona-conversations">
            {conversations === 1 ? "1 conversation" : `${conversations} conversations`}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Unread</dt>
          <dd>
            <Badge variant={persona.unreadCount > 0 ? "brand" : "neutral"} data-testid="persona-unread">
              {persona.unreadCount > 99 ? "99+" : persona.unreadCount} unread
            </Badge>
          </dd>
        </div>
        <div>
          <dt className="sr-only">Last message</dt>
          <dd>
            {persona.lastMessageAt
              ? `Last message ${formatRelativeDate(persona.lastMessageAt, now)}`
              : "No messages yet"}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
        <Button asChild size="sm">
          <Link to={`/admin/fictitious-users/${person._id}/messages`}>
            <MessageCircle aria-hidden />
            Messages
          </Link>
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onAction("edit")}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onAction("picture")}>
          <Camera aria-hidden />
          Picture
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onAction("post")}>
          <UsersRound aria-hidden />
          Post in a club
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onAction("comment")}>
          <Film aria-hidden />
          Comment on a reel
        </Button>
        <Button asChild size="sm" variant="ghost">
          <Link to={profilePathOf(person)}>
            <ExternalLink aria-hidden />
            View profile
          </Link>
        </Button>
      </div>
    </article>
  );
}
