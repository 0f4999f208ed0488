// A title's page: cover, details, the viewer's like, rating and follow, the main button into the
// reader, and the episodes with their locks. Live: likes, follows and new episodes arrive without
// a reload. A title above the viewer's age and a missing title each get their own page.
import type { ContentDetail, EpisodeSummary } from "@litverse/shared/content";
import {
  BookX,
  CalendarClock,
  Check,
  Eye,
  Heart,
  type LucideIcon,
  Plus,
  ShieldAlert,
  Star,
  Users,
} from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { AccessBadge } from "../../components/catalogue/access-badge.tsx";
import { AgeBadge, DetailFigure, DetailPage } from "../../components/catalogue/detail-page.tsx";
import {
  genreLabel,
  RELEASE_STATUS_LABELS,
  readerPath,
  TYPE_ICONS,
  TYPE_LABELS,
} from "../../components/catalogue/labels.ts";
import { UnavailablePage } from "../../components/catalogue/unavailable-page.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { describeError, errorCode } from "../../lib/errors.ts";
import { formatCount, formatDate, formatDateTime, formatRelativeDate } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ReportMenu } from "../profiles/index.ts";
import { UnlockDialog } from "../unlocks/index.ts";
import { ContentSkeleton } from "./content-skeleton.tsx";
import { Description } from "./description.tsx";
import { EpisodeList } from "./episode-list.tsx";
import { primaryAction } from "./episodes.ts";
import { RatingInput } from "./rating-input.tsx";
import { useContentActions } from "./use-content-actions.ts";
import { useTitleDetail } from "./use-title-detail.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ContentPage() {
  const { contentId = "" } = useParams();
  const isValidId = UUID.test(contentId);
  const detail = useTitleDetail(contentId, isValidId);
  const code = detail.error ? errorCode(detail.error) : undefined;

  if (!isValidId || code === "NOT_FOUND" || code === "BAD_REQUEST") return <TitleNotFound />;
  if (code === "FORBIDDEN") return <AgeRestricted message={describeError(detail.error).message} />;
  if (detail.data) return <ContentView key={detail.data._id} detail={detail.data} />;
  if (detail.isError) {
    return (
      <Frame title="Could not load the title">
        <ErrorState
          title="Could not load this title"
          error={detail.error}
          onRetry={() => void detail.refetch()}
          isRetrying={detail.isFetching}
        />
      </Frame>
    );
  }
  return <ContentSkeleton />;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Page width="reading" className="py-12">
      {children}
    </Page>
  );
}

const TO_EXPLORE = { to: "/explore", label: "Explore titles" };

function TitleNotFound() {
  return (
    <UnavailablePage
      title="Title not found"
      icon={<BookX className="size-7" aria-hidden />}
      text="This title does not exist or is no longer available."
      link={TO_EXPLORE}
    />
  );
}

function AgeRestricted({ message }: { message: string }) {
  // The server says "This title is rated 18+."; the heading goes without the full stop.
  return (
    <UnavailablePage
      title="Age restricted"
      heading={message.replace(/\.$/, "")}
      icon={<ShieldAlert className="size-7" aria-hidden />}
      isWarning
      text="It is not available for your age group. There is plenty more to discover that is."
      link={TO_EXPLORE}
    />
  );
}

function ContentView({ detail }: { detail: ContentDetail }) {
  useDocumentTitle(detail.title);
  const navigate = useNavigate();
  const actions = useContentActions(detail._id);
  const [lockedEpisode, setLockedEpisode] = useState<EpisodeSummary | null>(null);
  // The dialog opens from an episode row or the main button; closing it returns there.
  const lockOpener = useRef<HTMLElement | null>(null);
  const showLock = (episode: EpisodeSummary) => {
    lockOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setLockedEpisode(episode);
  };
  const viewer = detail.viewer;
  const primary = primaryAction(detail);
  const TypeIcon = TYPE_ICONS[detail.contentType];

  const open = (episode: EpisodeSummary) => {
    if (episode.lock) showLock(episode);
    else navigate(readerPath(detail.contentType, detail._id, episode.number));
  };

  return (
    <DetailPage
      coverImage={detail.coverImage}
      title={detail.title}
      author={detail.author}
      badges={
        <>
          <Badge variant="neutral">
            <TypeIcon aria-hidden />
            {TYPE_LABELS[detail.contentType]}
          </Badge>
          <AccessBadge accessType={detail.accessType} />
          <AgeBadge ageRating={detail.ageRating} />
          <Badge
            variant={
              detail.releaseStatus === "completed"
                ? "success"
                : detail.releaseStatus === "hiatus"
                  ? "warning"
                  : "brand"
            }
          >
            {RELEASE_STATUS_LABELS[detail.releaseStatus]}
          </Badge>
        </>
      }
      figures={<Figures detail={detail} />}
      footer={
        <>
          {detail.episodes.length > 0 ? (
            <EpisodeList
              contentId={detail._id}
              contentType={detail.contentType}
              episodes={detail.episodes}
              onLocked={showLock}
            />
          ) : (
            <EmptyState
              className="mt-10"
              icon={CalendarClock}
              title="No episodes out yet"
              text={
                detail.nextReleaseAt
                  ? `The first episode comes out ${formatRelativeDate(detail.nextReleaseAt)}. Add the title to your library to hear when.`
                  : "Add the title to your library to hear when the first episode comes out."
              }
            />
          )}
          {/* Drawn over the page (a portal), so where it stands here does not matter. */}
          <UnlockDialog
            episode={lockedEpisode}
            onOpenChange={(isOpen) => !isOpen && setLockedEpisode(null)}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              lockOpener.current?.focus();
            }}
          />
        </>
      }
    >
      <Schedule detail={detail} />
      <div className="flex flex-wrap items-center gap-2">
        {primary ? (
          <Button
            variant="gradient"
            size="lg"
            className="w-full sm:w-auto"
            onClick={() => open(primary.episode)}
            data-testid="primary-action"
          >
            {primary.label}
          </Button>
        ) : (
          <Button variant="secondary" size="lg" className="w-full sm:w-auto" disabled>
            No episodes out yet
          </Button>
        )}
        <Button
          variant="secondary"
          size="lg"
          className="flex-1 sm:flex-none"
          aria-pressed={viewer?.isLiked ?? false}
          aria-label={`${viewer?.isLiked ? "Liked" : "Like"}, ${detail.likeCount} ${detail.likeCount === 1 ? "like" : "likes"}`}
          onClick={() => actions.setLiked(!viewer?.isLiked)}
        >
          <Heart className={cn(viewer?.isLiked && "fill-rose-500 text-rose-500")} aria-hidden />
          <span aria-hidden className="tabular-nums">
            {formatCount(detail.likeCount)}
          </span>
        </Button>
        <Button
          variant={viewer?.isFollowing ? "secondary" : "primary"}
          size="lg"
          className="flex-[2] sm:flex-none"
          aria-pressed={viewer?.isFollowing ?? false}
          onClick={() => actions.setFollowing(!viewer?.isFollowing)}
        >
          {viewer?.isFollowing ? <Check aria-hidden /> : <Plus aria-hidden />}
          {viewer?.isFollowing ? "In My Library" : "Add to library"}
        </Button>
        <ReportMenu
          target={{ kind: "title", id: detail._id }}
          label={`More for ${detail.title}`}
          className="size-12 rounded-xl"
        />
      </div>
      {viewer ? <RatingInput value={viewer.rating} onRate={actions.rate} /> : null}
      <Description text={detail.description} />
      <Labels genres={detail.genres} tags={detail.tags} />
      <Facts detail={detail} />
    </DetailPage>
  );
}

/** The rating first, then how many like, follow and have viewed it. */
function Figures({ detail }: { detail: ContentDetail }) {
  return (
    <>
      <DetailFigure icon={Star} label="Rating" isStar valueTestId="rating-summary">
        {detail.ratingCount > 0 ? (
          <>
            <span className="font-semibold">{detail.ratingAverage.toFixed(1)}</span>
            <span className="text-muted-foreground">
              {" "}
              ({formatCount(detail.ratingCount)} {detail.ratingCount === 1 ? "rating" : "ratings"})
            </span>
          </>
        ) : (
          <span className="text-muted-foreground">No ratings yet</span>
        )}
      </DetailFigure>
      <Count icon={Heart} label="Likes" value={detail.likeCount} />
      <Count icon={Users} label="Followers" value={detail.followerCount} />
      <Count icon={Eye} label="Views" value={detail.viewCount} />
    </>
  );
}

function Count({ icon, label, value }: { icon: LucideIcon; label: string; value: number }) {
  return (
    <DetailFigure icon={icon} label={label}>
      <span className="font-semibold tabular-nums">{formatCount(value)}</span>{" "}
      <span className="text-muted-foreground">{label.toLowerCase()}</span>
    </DetailFigure>
  );
}

/** "New chapter every Friday · Next episode tomorrow", or that the title is complete. */
function Schedule({ detail }: { detail: ContentDetail }) {
  const { releaseSchedule, nextReleaseAt, releaseStatus } = detail;
  if (!releaseSchedule && !nextReleaseAt && releaseStatus !== "completed") return null;
  return (
    <div className="flex items-start gap-3 rounded-xl border border-border bg-(--card)/80 px-4 py-3 text-sm shadow-sm backdrop-blur">
      <CalendarClock className="mt-0.5 size-5 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
      <div>
        {releaseSchedule ? <p className="font-medium">{releaseSchedule}</p> : null}
        {nextReleaseAt ? (
          <p className={releaseSchedule ? "text-muted-foreground" : "font-medium"} data-testid="next-release">
            Next episode{" "}
            <time dateTime={nextReleaseAt} title={formatDateTime(nextReleaseAt)}>
              {formatRelativeDate(nextReleaseAt)}
            </time>
          </p>
        ) : null}
        {!releaseSchedule && !nextReleaseAt ? (
          <p className="font-medium">Complete: every episode is out</p>
        ) : null}
      </div>
    </div>
  );
}

/** Genres lead to explore filtered by them, tags to a search for them. */
function Labels({ genres, tags }: { genres: string[]; tags: string[] }) {
  if (genres.length === 0 && tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Genres and tags">
      {genres.map((genre) => (
        <li key={`genre-${genre}`}>
          <Link
            to={`/explore?genre=${encodeURIComponent(genre)}`}
            className="inline-flex h-8 items-center rounded-full bg-brand-50 px-3 text-sm font-medium text-brand-700 transition hover:bg-brand-100 dark:bg-brand-500/15 dark:text-brand-100 dark:hover:bg-brand-500/25"
          >
            {genreLabel(genre)}
          </Link>
        </li>
      ))}
      {tags.map((tag) => (
        <li key={`tag-${tag}`}>
          <Link
            to={`/explore?q=${encodeURIComponent(tag)}`}
            className="inline-flex h-8 items-center rounded-full border border-border px-3 text-sm text-muted-foreground transition hover:border-brand-500 hover:text-foreground"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const languageNames = new Intl.DisplayNames(["en"], { type: "language" });

function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function Facts({ detail }: { detail: ContentDetail }) {
  const facts = [
    detail.language ? { label: "Language", value: languageName(detail.language) } : null,
    detail.publishedAt ? { label: "First published", value: formatDate(detail.publishedAt) } : null,
    { label: "Episodes", value: String(detail.episodeCount) },
  ].filter((fact) => fact !== null);
  return (
    <dl className="grid grid-cols-3 gap-3 rounded-xl border border-border bg-card p-4 text-sm shadow-sm">
      {facts.map((fact) => (
        <div key={fact.label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{fact.label}</dt>
          <dd className="mt-0.5 truncate font-medium">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
