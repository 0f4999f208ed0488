// A person's profile: who they are, where the viewer stands with them, and what their privacy lets
// the viewer see of their reading: titles finished and under way, time spent, ratings, the
// titles they follow. Live: a new friend, a changed name or a finished chapter shows at once.
import type { ActivityKind, ProfileTitle, ProfileView } from "@litverse/shared/people";
import { TEAM_PERSONA_NOTICE } from "@litverse/shared/personas";
import {
  BookOpen,
  Flag,
  ImageOff,
  Lock,
  MessageCircle,
  MoreHorizontal,
  Pencil,
  Star,
  UserX,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { CoverImage } from "../../components/catalogue/cover-image.tsx";
import { genreLabel, TYPE_LABELS } from "../../components/catalogue/labels.ts";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { presenceLabel } from "../../components/people/presence.ts";
import { TeamBadge } from "../../components/people/team-badge.tsx";
import { useNow } from "../../components/people/use-now.ts";
import { Button } from "../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { errorCode } from "../../lib/errors.ts";
import { formatCount } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ClubCover } from "../clubs/index.ts";
import { BlockMenuItem } from "./block-menu-item.tsx";
import { FriendButton } from "./friend-button.tsx";
import { ReportDialog } from "./report-dialog.tsx";
import { useProfile } from "./use-profile.ts";

const TIME_LABELS: Record<ActivityKind, string> = {
  read: "Time reading",
  listen: "Time listening",
  watch: "Time watching",
};

export function ProfilePage({ userId }: { userId: string }) {
  const profile = useProfile(userId);
  useDocumentTitle(profile.data ? profile.data.person.name : "Profile");
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (errorCode(profile.error) === "NOT_FOUND" || errorCode(profile.error) === "BAD_REQUEST") {
      return <ProfileNotFound />;
    }
    return (
      <Page width="wide" className="py-8">
        <ErrorState
          title="Could not load this profile"
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      </Page>
    );
  }
  return <Profile profile={profile.data} />;
}

export function ProfileNotFound() {
  useDocumentTitle("Profile");
  return (
    <Page width="wide" className="py-8">
      <h1 className="sr-only">Profile</h1>
      <EmptyState
        icon={UserX}
        title="This profile is not available"
        text="The person may have changed their handle more than 30 days ago, or the profile is not here."
        action={
          <Button asChild>
            <Link to="/users">Find people</Link>
          </Button>
        }
      />
    </Page>
  );
}

export function ProfileSkeleton() {
  return (
    <Page width="wide" className="py-8">
      <div role="status" aria-label="Loading the profile" className="space-y-6">
        <div className="flex items-center gap-5">
          <Skeleton className="size-24 rounded-full" />
          <div className="space-y-2">
            <Skeleton className="h-7 w-48" />
            <Skeleton className="h-4 w-32" />
          </div>
        </div>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    </Page>
  );
}

function Profile({ profile }: { profile: ProfileView }) {
  const { person, friendState } = profile;
  const now = useNow();
  const presence = presenceLabel(person.lastSeenAt, now);
  const isSelf = friendState === "self";
  const joined = new Date(profile.joinedAt).toLocaleDateString("en-GB", { month: "long", year: "numeric" });
  return (
    <Page width="wide" className="space-y-8 py-8">
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <PersonAvatar person={person} size="lg" showPresence />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{person.name}</h1>
          {person.runByTeam ? (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <TeamBadge person={person} />
              <span>{TEAM_PERSONA_NOTICE}</span>
            </p>
          ) : null}
          <p className="mt-0.5 text-muted-foreground">
            {person.handle ? <span>@{person.handle}</span> : null}
            {presence ? <span> · {presence}</span> : null}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            Joined {joined} · {formatCount(profile.friendsCount)} friend
            {profile.friendsCount === 1 ? "" : "s"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {isSelf ? (
            <Button asChild variant="secondary">
              <Link to="/settings/profile">
                <Pencil aria-hidden />
                Edit profile
              </Link>
            </Button>
          ) : (
            <>
              <FriendButton userId={person._id} name={person.name} state={friendState} />
              {friendState !== "blocked" ? (
                <Button asChild variant="secondary">
                  <Link to={`/messages/${person._id}`}>
                    <MessageCircle aria-hidden />
                    Message
                  </Link>
                </Button>
              ) : null}
              <ProfileMenu profile={profile} />
            </>
          )}
        </div>
      </header>

      {friendState === "blocked" ? (
        <p className="rounded-xl border border-border bg-card px-4 py-3 text-sm">
          You blocked {person.name}. They cannot see your profile, message you or send you requests.
        </p>
      ) : (
        <>
          <Section title="About" hidden={profile.details === null} name={person.name}>
            {profile.details ? (
              <div className="space-y-3">
                {profile.details.bio ? (
                  <p className="whitespace-pre-line">{profile.details.bio}</p>
                ) : (
                  <p className="text-muted-foreground">
                    {isSelf ? "You have not written a bio yet." : "No bio yet."}
                  </p>
                )}
                {profile.details.favouriteGenres.length > 0 ? (
                  <ul className="flex flex-wrap gap-2" aria-label="Favourite genres">
                    {profile.details.favouriteGenres.map((genre) => (
                      <li key={genre} className="rounded-full bg-muted px-3 py-1 text-sm">
                        {genreLabel(genre)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}
          </Section>
          <Section title="Reading" hidden={profile.activity === null} name={person.name}>
            {profile.activity ? <Activity activity={profile.activity} /> : null}
          </Section>
          <Section title="Book clubs" hidden={profile.clubs === null} name={person.name}>
            {profile.clubs && profile.clubs.length > 0 ? (
              <ul className="grid gap-3 sm:grid-cols-2" aria-label="Clubs">
                {profile.clubs.map((club) => (
                  <li key={club._id}>
                    <Link
                      to={`/clubs/${club._id}`}
                      className="flex items-center gap-3 rounded-xl border border-border p-3 hover:bg-muted"
                    >
                      <ClubCover club={club} className="size-12 shrink-0 rounded-lg text-xl" />
                      <span className="min-w-0">
                        <span className="block truncate font-medium">{club.name}</span>
                        <span className="block text-sm text-muted-foreground">
                          {club.memberCount} {club.memberCount === 1 ? "member" : "members"}
                          {club.role === "member"
                            ? ""
                            : ` · ${club.role === "owner" ? "Owner" : "Moderator"}`}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">Not in a club yet.</p>
            )}
          </Section>
          <Section title="Library" hidden={profile.library === null} name={person.name}>
            {profile.library ? (
              profile.library.following.length > 0 ? (
                <TitleGrid titles={profile.library.following} label="Titles followed" />
              ) : (
                <p className="text-muted-foreground">Not following any titles yet.</p>
              )
            ) : null}
          </Section>
        </>
      )}
    </Page>
  );
}

function Section({
  title,
  hidden,
  name,
  children,
}: {
  title: string;
  hidden: boolean;
  name: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`section-${title}`}
      className="rounded-2xl border border-border bg-card p-5 shadow-sm"
    >
      <h2 id={`section-${title}`} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {hidden ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Lock className="size-4" aria-hidden />
          {name} keeps this private.
        </p>
      ) : (
        children
      )}
    </section>
  );
}

function Activity({ activity }: { activity: NonNullable<ProfileView["activity"]> }) {
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Titles finished" value={formatCount(activity.finishedCount)} />
        {(Object.keys(TIME_LABELS) as ActivityKind[]).map((kind) => (
          <Figure key={kind} label={TIME_LABELS[kind]} value={formatHours(activity.minutes[kind])} />
        ))}
      </dl>
      {activity.inProgress.length > 0 ? (
        <div>
          <h3 className="mb-3 font-medium">In progress</h3>
          <ul className="grid gap-3 sm:grid-cols-2">
            {activity.inProgress.map((title) => (
              <li key={title._id} className="flex items-center gap-3">
                <Cover title={title} className="w-12" />
                <div className="min-w-0 flex-1">
                  <Link to={`/content/${title._id}`} className="line-clamp-1 font-medium hover:underline">
                    {title.title}
                  </Link>
                  <p className="line-clamp-1 text-sm text-muted-foreground">{title.author}</p>
                  <Progress
                    value={title.fraction}
                    label={`${title.title}: progress`}
                    size="sm"
                    className="mt-2"
                  />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {activity.finished.length > 0 ? (
        <div>
          <h3 className="mb-3 font-medium">Finished</h3>
          <TitleGrid titles={activity.finished} label="Titles finished" />
        </div>
      ) : null}
      {activity.ratings.length > 0 ? (
        <div>
          <h3 className="mb-3 font-medium">Ratings ({formatCount(activity.ratingsCount)})</h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {activity.ratings.map((title) => (
              <li
                key={title._id}
                className="flex items-center justify-between gap-3 rounded-lg bg-muted/60 px-3 py-2"
              >
                <Link to={`/content/${title._id}`} className="line-clamp-1 hover:underline">
                  {title.title}
                </Link>
                <span className="flex shrink-0 items-center gap-1 text-sm font-medium">
                  <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
                  {title.rating}
                  <span className="sr-only"> of 5</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {activity.inProgress.length + activity.finished.length + activity.ratings.length === 0 ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <BookOpen className="size-4" aria-hidden />
          Nothing read yet.
        </p>
      ) : null}
    </div>
  );
}

function formatHours(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = minutes / 60;
  return `${hours >= 10 ? Math.round(hours) : hours.toFixed(1)} h`;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-muted/60 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function Cover({ title, className }: { title: ProfileTitle; className: string }) {
  return (
    <div
      className={`aspect-[2/3] shrink-0 overflow-hidden rounded-md border border-border bg-muted ${className}`}
    >
      <CoverImage url={title.coverImage} title={title.title} sizes="96px" className="size-full text-[8px]" />
    </div>
  );
}

function TitleGrid({ titles, label }: { titles: ProfileTitle[]; label: string }) {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6" aria-label={label}>
      {titles.map((title) => (
        <li key={title._id}>
          <Link to={`/content/${title._id}`} className="group block">
            <Cover title={title} className="w-full transition group-hover:opacity-90" />
            <span className="mt-1.5 line-clamp-2 text-sm font-medium">{title.title}</span>
            <span className="text-xs text-muted-foreground">{TYPE_LABELS[title.contentType]}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ProfileMenu({ profile }: { profile: ProfileView }) {
  // The profile as a whole, or only its picture: they are reviewed (and taken down) apart.
  const [reporting, setReporting] = useState<"profile" | "profile_picture" | null>(null);
  const { person } = profile;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More for ${person.name}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {profile.friendState !== "blocked" ? (
            <BlockMenuItem
              person={person}
              description="They will not be able to see your profile, message you or send you requests, and any friendship between you ends. They are not told."
            />
          ) : null}
          <DropdownMenuItem onSelect={() => setReporting("profile")}>
            <Flag aria-hidden />
            Report
          </DropdownMenuItem>
          {person.avatarUrl ? (
            <DropdownMenuItem onSelect={() => setReporting("profile_picture")}>
              <ImageOff aria-hidden />
              Report profile picture
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {reporting ? (
        <ReportDialog
          target={{ kind: reporting, id: person._id, name: person.name }}
          open
          onOpenChange={(open) => !open && setReporting(null)}
        />
      ) : null}
    </>
  );
}
