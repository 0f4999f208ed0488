// The members of a club with their pace: a bar per member of the episodes they finished, against a
// mark where the schedule says the club should be by today. Moderators also see who asked to join
// and act on members (appoint, mute, remove, hand the club on).
import type { ClubDetail, ClubMember } from "@litverse/shared/clubs";
import { Crown, MoreHorizontal, Shield, UserMinus, Volume2, VolumeX } from "lucide-react";
import { Link } from "react-router";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { scheduledEpisode } from "./schedule.ts";
import { useClubMembers, useJoinRequests, useManageMember } from "./use-club-membership.ts";

const profilePath = (member: ClubMember) =>
  member.person.handle ? `/user/${member.person.handle}` : `/profile/${member.person._id}`;

export function ClubMembers({ club }: { club: ClubDetail }) {
  const members = useClubMembers(club._id);
  if (club.myStatus !== "active" && club.privacy !== "public") {
    return (
      <EmptyState className="mt-4" title="Members only" text="Join the club to see who is in it." as="h3" />
    );
  }
  if (members.isPending) return <Skeleton className="mt-4 h-40 w-full" />;
  if (members.isError)
    return <ErrorState className="mt-4" error={members.error} onRetry={() => void members.refetch()} />;
  const active = members.data.filter((member) => member.status === "active");
  const requests = members.data.filter((member) => member.status === "requested");
  const invited = members.data.filter((member) => member.status === "invited");
  const total = club.read?.content.episodeCount ?? 0;
  const expected = scheduledEpisode(club);
  return (
    <div className="mt-4 space-y-6">
      {requests.length > 0 ? <Requests club={club} requests={requests} /> : null}
      <section aria-labelledby="club-pace">
        <h2 id="club-pace" className="mb-1 font-semibold">
          {club.read ? "Reading pace" : "Members"}
        </h2>
        {club.read && total > 0 ? (
          <p className="mb-3 text-sm text-muted-foreground">
            Episodes finished of {total}.{" "}
            {expected > 0
              ? `The schedule is at episode ${expected} today (the line).`
              : "The first milestone is not due yet."}
          </p>
        ) : null}
        <ul className="space-y-2">
          {active.map((member) => (
            <li
              key={member.person._id}
              className="flex items-center gap-3 rounded-xl border border-border bg-card p-3"
              data-testid="club-member"
            >
              <PersonAvatar person={member.person} size="sm" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={profilePath(member)} className="truncate font-medium hover:underline">
                    {member.person.name}
                  </Link>
                  {member.role === "owner" ? (
                    <Badge variant="brand">
                      <Crown aria-hidden /> Owner
                    </Badge>
                  ) : member.role === "moderator" ? (
                    <Badge>
                      <Shield aria-hidden /> Moderator
                    </Badge>
                  ) : null}
                  {member.mutedUntil ? <Badge variant="warning">Muted</Badge> : null}
                </div>
                {club.read && total > 0 ? (
                  <PaceBar
                    finished={member.finishedEpisode}
                    total={total}
                    expected={expected}
                    name={member.person.name}
                  />
                ) : null}
              </div>
              <MemberMenu club={club} member={member} />
            </li>
          ))}
        </ul>
      </section>
      {invited.length > 0 ? (
        <section aria-labelledby="club-invited">
          <h2 id="club-invited" className="mb-2 font-semibold">
            Invited
          </h2>
          <ul className="flex flex-wrap gap-2">
            {invited.map((member) => (
              <li
                key={member.person._id}
                className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm"
              >
                <PersonAvatar person={member.person} size="xs" />
                {member.person.name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function PaceBar({
  finished,
  total,
  expected,
  name,
}: {
  finished: number;
  total: number;
  expected: number;
  name: string;
}) {
  const percent = (value: number) => `${Math.min(100, (value / total) * 100)}%`;
  const status = expected === 0 ? null : finished >= expected ? "On pace" : `${expected - finished} behind`;
  return (
    <div className="mt-1.5 flex items-center gap-3">
      <div
        className="relative h-2 flex-1 rounded-full bg-muted"
        role="img"
        aria-label={`${name} finished ${finished} of ${total} episodes${status ? `, ${status.toLowerCase()}` : ""}`}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: percent(finished) }} />
        {expected > 0 ? (
          <div
            className="absolute -top-1 h-4 w-0.5 rounded bg-stone-900 dark:bg-stone-100"
            style={{ left: percent(expected) }}
            aria-hidden
          />
        ) : null}
      </div>
      <span className="w-20 shrink-0 text-right text-xs text-muted-foreground tabular-nums" aria-hidden>
        {finished}/{total}
        {status ? <span className="block">{status}</span> : null}
      </span>
    </div>
  );
}

function Requests({ club, requests }: { club: ClubDetail; requests: ClubMember[] }) {
  const { approve, decline } = useJoinRequests(club._id);
  return (
    <section aria-labelledby="club-requests">
      <h2 id="club-requests" className="mb-2 font-semibold">
        Asking to join
      </h2>
      <ul className="space-y-2">
        {requests.map((member) => (
          <li
            key={member.person._id}
            className="flex items-center gap-3 rounded-xl border border-border bg-card p-3"
          >
            <PersonAvatar person={member.person} size="sm" />
            <Link to={profilePath(member)} className="min-w-0 flex-1 truncate font-medium hover:underline">
              {member.person.name}
            </Link>
            <Button size="sm" onClick={() => approve(member.person._id)}>
              Approve
            </Button>
            <Button size="sm" variant="secondary" onClick={() => decline(member.person._id)}>
              Decline
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MemberMenu({ club, member }: { club: ClubDetail; member: ClubMember }) {
  const manage = useManageMember(club._id, member.person._id);
  const isOwner = club.myStatus === "active" && club.myRole === "owner";
  const isModerator = isOwner || (club.myStatus === "active" && club.myRole === "moderator");
  const outranks = member.role !== "owner" && (isOwner || member.role === "member");
  if (!isModerator || !outranks) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Manage ${member.person.name}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {isOwner ? (
          <DropdownMenuItem
            onSelect={() => manage.setRole(member.role === "moderator" ? "member" : "moderator")}
          >
            <Shield aria-hidden />
            {member.role === "moderator" ? "Make a member" : "Make a moderator"}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => manage.mute(member.mutedUntil ? 0 : 24)}>
          {member.mutedUntil ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />}
          {member.mutedUntil ? "Unmute" : "Mute for a day"}
        </DropdownMenuItem>
        <ConfirmDialog
          trigger={
            <DropdownMenuItem onSelect={(event) => event.preventDefault()}>
              <UserMinus aria-hidden />
              Remove from the club
            </DropdownMenuItem>
          }
          title={`Remove ${member.person.name}?`}
          description="They lose access at once; their posts stay."
          confirmLabel="Remove"
          onConfirm={manage.remove}
        />
        {isOwner ? (
          <ConfirmDialog
            trigger={
              <DropdownMenuItem onSelect={(event) => event.preventDefault()}>
                <Crown aria-hidden />
                Make the owner
              </DropdownMenuItem>
            }
            title={`Hand the club to ${member.person.name}?`}
            description="They become the owner; you stay on as a moderator."
            confirmLabel="Hand over"
            variant="primary"
            onConfirm={manage.handOver}
          />
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
