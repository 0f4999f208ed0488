// A club (/clubs/:clubId): who it is and how to join, what it reads now with the schedule and the
// viewer's own progress, then the discussions, the members with their pace, and the club's rules.
// Everything is live: a post, a join, a removal or a step in one's own reading shows at once.
// A secret club's invitation link is this page with `?invite=<code>`.
import { mayInClub } from "@litverse/shared/club-rights";
import { CLUB_PRIVACY_LABELS, type ClubDetail } from "@litverse/shared/clubs";
import type { ContentType } from "@litverse/shared/content";
import {
  BookOpen,
  Check,
  LogOut,
  MoreHorizontal,
  Pencil,
  Settings2,
  Trash2,
  UserPlus,
  Users,
} from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { readerPath } from "../../components/catalogue/labels.ts";
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
import { Page } from "../../components/ui/page.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorCode } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ClubAbout } from "./club-about.tsx";
import { ClubCover, PRIVACY_ICONS } from "./club-card.tsx";
import { ClubDiscussion } from "./club-discussion.tsx";
import { ClubMembers } from "./club-members.tsx";
import { ClubPlans } from "./club-plans.tsx";
import { EditClubDialog } from "./edit-club-dialog.tsx";
import { InviteDialog } from "./invite-dialog.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { useJoinByInvite, useMembership } from "./use-club-membership.ts";
import { useClub, useDeleteClub } from "./use-clubs.ts";

const TABS = ["discussion", "plans", "members", "about"] as const;
type Tab = (typeof TABS)[number];

export function ClubPage({ clubId }: { clubId: string }) {
  const [params, setParams] = useSearchParams();
  const invite = params.get("invite");
  const club = useClub(clubId);
  useDocumentTitle(club.data?.name ?? "Book Club");

  if (club.isPending) {
    return (
      <Page width="wide" className="py-8" aria-busy>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="mt-4 h-8 w-64" />
        <Skeleton className="mt-6 h-48 w-full" />
      </Page>
    );
  }
  if (club.isError) {
    if (errorCode(club.error) === "NOT_FOUND" && invite) return <InvitationGate code={invite} />;
    return (
      <Page width="wide" className="py-8">
        {errorCode(club.error) === "NOT_FOUND" ? (
          <EmptyState
            icon={Users}
            title="This club is not here"
            text="It may have been deleted, or it is a secret club you were not invited to."
            action={
              <Button asChild>
                <Link to="/clubs?tab=discover">Find clubs</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState error={club.error} onRetry={() => void club.refetch()} />
        )}
      </Page>
    );
  }
  const requested = params.get("tab") as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) ? requested : "discussion";
  const data = club.data;
  return (
    <Page width="wide" className="py-6 sm:py-8">
      <ClubHeader club={data} invite={invite} />
      {data.read ? <CurrentRead club={data} /> : <NoRead club={data} />}
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === "discussion" ? {} : { tab: value }, { replace: true })}
        className="mt-6"
      >
        <TabsList variant="underline" aria-label="Club">
          <TabsTrigger value="discussion">Discussion</TabsTrigger>
          <TabsTrigger value="plans">Plans</TabsTrigger>
          <TabsTrigger value="members">
            Members
            {data.pendingRequestCount > 0 ? (
              <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white tabular-nums">
                {data.pendingRequestCount}
              </span>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="about">About</TabsTrigger>
        </TabsList>
        <TabsContent value="discussion">
          {data.canRead ? (
            <ClubDiscussion club={data} />
          ) : (
            <EmptyState
              className="mt-4"
              icon={Users}
              title="Members only"
              text="Join this club to read and take part in its discussions."
            />
          )}
        </TabsContent>
        <TabsContent value="plans">
          {data.canRead ? (
            <ClubPlans club={data} />
          ) : (
            <EmptyState
              className="mt-4"
              icon={Users}
              title="Members only"
              text="Join this club to see its meetings and polls."
            />
          )}
        </TabsContent>
        <TabsContent value="members">
          <ClubMembers club={data} />
        </TabsContent>
        <TabsContent value="about">
          <ClubAbout club={data} />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

/** A secret club seen through its invitation link: join it to see it. */
function InvitationGate({ code }: { code: string }) {
  const { join, isJoining } = useJoinByInvite(code);
  const navigate = useNavigate();
  return (
    <Page width="reading" className="py-12">
      <EmptyState
        icon={UserPlus}
        title="You were invited to a book club"
        text="Join to see the club, its schedule and its discussions."
        action={
          <Button
            isLoading={isJoining}
            onClick={() => join((clubId) => void navigate(`/clubs/${clubId}`, { replace: true }))}
          >
            Join the club
          </Button>
        }
      />
    </Page>
  );
}

function ClubHeader({ club, invite }: { club: ClubDetail; invite: string | null }) {
  const PrivacyIcon = PRIVACY_ICONS[club.privacy];
  const isModerator = club.myStatus === "active" && (club.myRole === "owner" || club.myRole === "moderator");
  return (
    <header>
      <ClubCover club={club} className="h-32 w-full rounded-2xl sm:h-44" />
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{club.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <PrivacyIcon className="size-4" aria-hidden />
              {CLUB_PRIVACY_LABELS[club.privacy]} club
            </span>
            <span className="inline-flex items-center gap-1" data-testid="club-member-count">
              <Users className="size-4" aria-hidden />
              {club.memberCount} of {club.memberLimit} members
            </span>
            {club.owner ? <span>Run by {club.owner.name}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <MembershipActions club={club} invite={invite} />
          {isModerator ? <ModeratorMenu club={club} /> : null}
        </div>
      </div>
    </header>
  );
}

function MembershipActions({ club, invite }: { club: ClubDetail; invite: string | null }) {
  const membership = useMembership(club._id);
  const [isInviting, setIsInviting] = useState(false);

  if (club.myStatus === "active") {
    return (
      <>
        <Button variant="secondary" onClick={() => setIsInviting(true)}>
          <UserPlus aria-hidden /> Invite
        </Button>
        <InviteDialog club={club} open={isInviting} onOpenChange={setIsInviting} />
        {club.myRole !== "owner" ? (
          <ConfirmDialog
            trigger={
              <Button variant="ghost">
                <LogOut aria-hidden /> Leave
              </Button>
            }
            title={`Leave ${club.name}?`}
            description={
              club.privacy === "public"
                ? "You can join again at any time."
                : "To come back you will need to ask again."
            }
            confirmLabel="Leave club"
            onConfirm={membership.leaveConfirmed}
          />
        ) : null}
      </>
    );
  }
  if (club.myStatus === "invited") {
    return (
      <>
        <Button isLoading={membership.isJoining} onClick={membership.acceptInvitation}>
          <Check aria-hidden /> Accept invitation
        </Button>
        <Button variant="secondary" isLoading={membership.isLeaving} onClick={membership.leave}>
          Decline
        </Button>
      </>
    );
  }
  if (club.myStatus === "requested") {
    return (
      <Button variant="secondary" isLoading={membership.isLeaving} onClick={membership.leave}>
        Cancel request
      </Button>
    );
  }
  if (invite) {
    return (
      <Button isLoading={membership.isJoiningByInvite} onClick={() => membership.joinByInvite(invite)}>
        Join with invitation
      </Button>
    );
  }
  const isFull = club.memberCount >= club.memberLimit;
  return (
    <Button disabled={isFull} isLoading={membership.isJoining} onClick={membership.join}>
      {isFull ? "Club is full" : club.privacy === "public" ? "Join club" : "Ask to join"}
    </Button>
  );
}

function ModeratorMenu({ club }: { club: ClubDetail }) {
  const [dialog, setDialog] = useState<"edit" | "schedule" | null>(null);
  const deleteClub = useDeleteClub(club._id);
  const navigate = useNavigate();
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" size="icon" aria-label="Manage the club">
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setDialog("schedule")}>
            <Settings2 aria-hidden />
            {club.read ? "Change the read or schedule" : "Choose what to read"}
          </DropdownMenuItem>
          {mayInClub(club, "updateClub") ? (
            <DropdownMenuItem onSelect={() => setDialog("edit")}>
              <Pencil aria-hidden />
              Edit the club
            </DropdownMenuItem>
          ) : null}
          {mayInClub(club, "deleteClub") ? (
            <ConfirmDialog
              trigger={
                <DropdownMenuItem onSelect={(event) => event.preventDefault()}>
                  <Trash2 aria-hidden />
                  Delete the club
                </DropdownMenuItem>
              }
              title={`Delete ${club.name}?`}
              description="Its discussions, schedule and members go for good."
              confirmLabel="Delete club"
              onConfirm={async () => {
                await deleteClub();
                void navigate("/clubs", { replace: true });
              }}
            />
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <EditClubDialog
        club={club}
        open={dialog === "edit"}
        onOpenChange={(open) => setDialog(open ? "edit" : null)}
      />
      <ScheduleDialog
        club={club}
        open={dialog === "schedule"}
        onOpenChange={(open) => setDialog(open ? "schedule" : null)}
      />
    </>
  );
}

function NoRead({ club }: { club: ClubDetail }) {
  const isModerator = club.myStatus === "active" && (club.myRole === "owner" || club.myRole === "moderator");
  return (
    <section className="mt-6 rounded-2xl border border-dashed border-border bg-card p-5 text-sm text-muted-foreground">
      {isModerator
        ? "Choose what the club reads next from the menu: a title from the catalogue and a schedule of milestones."
        : "The club has not chosen what to read yet."}
    </section>
  );
}

function CurrentRead({ club }: { club: ClubDetail }) {
  const read = club.read;
  if (!read) return null;
  const finished = club.myFinishedEpisode;
  const isMember = club.myStatus === "active";
  const next = Math.min(finished + 1, Math.max(read.content.episodeCount, 1));
  return (
    <section
      aria-labelledby="current-read"
      className="mt-6 grid grid-cols-[auto_1fr] gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm sm:gap-5 sm:p-5"
    >
      {/* The title's heading below is the link for keyboards and screen readers; the cover repeats it for the pointer. */}
      <Link to={`/content/${read.content._id}`} className="block sm:row-span-2" tabIndex={-1} aria-hidden>
        {read.content.coverUrl ? (
          <img
            src={read.content.coverUrl}
            alt=""
            className="aspect-[2/3] w-16 rounded-lg object-cover shadow-sm sm:w-28"
          />
        ) : (
          <div className="flex aspect-[2/3] w-16 items-center justify-center rounded-lg bg-muted sm:w-28">
            <BookOpen className="size-6 text-muted-foreground" aria-hidden />
          </div>
        )}
      </Link>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
          Reading now
        </p>
        <h2 id="current-read" className="mt-1 text-lg font-semibold">
          <Link to={`/content/${read.content._id}`} className="hover:underline">
            {read.content.title}
          </Link>
        </h2>
        {isMember ? (
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
            <span data-testid="my-club-progress">
              You finished {finished} of {read.content.episodeCount} episodes
            </span>
            <Button asChild size="sm">
              <Link to={readerPath(read.content.contentType as ContentType, read.content._id, next)}>
                {finished === 0 ? "Start" : "Continue"}
              </Link>
            </Button>
          </div>
        ) : null}
      </div>
      <ol className="col-span-2 space-y-2 sm:col-span-1 sm:col-start-2" aria-label="Schedule">
        {read.milestones.map((milestone) => {
          const isDone = isMember && finished >= milestone.toEpisode;
          return (
            <li key={milestone._id} className="flex items-center gap-3 text-sm">
              <span
                aria-hidden
                className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                  isDone ? "bg-emerald-600 text-white" : "bg-muted text-muted-foreground"
                }`}
              >
                {isDone ? <Check className="size-3.5" /> : milestone.position}
              </span>
              <span className="min-w-0 flex-1">
                <span className="font-medium">{milestone.title}</span>
                <span className="text-muted-foreground">
                  {" "}
                  · episodes {milestone.fromEpisode}–{milestone.toEpisode} by{" "}
                  {formatDate(`${milestone.dueOn}T12:00:00Z`)}
                </span>
              </span>
              {isDone ? <Badge variant="success">Read</Badge> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
