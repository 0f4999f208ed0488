// The page of one title or one story: its cover, blurred and faded, behind the top of the page; the
// cover itself beside badges, the name, who wrote it and its figures; the page's own column under
// them; and what runs the page's full width below (the episodes). On phones the cover sits small
// at the left of the heading and the column takes the whole width.
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "../ui/badge.tsx";
import { Page } from "../ui/page.tsx";
import { CoverImage } from "./cover-image.tsx";

export function DetailPage({
  coverImage,
  title,
  author,
  badges,
  figures,
  children,
  footer,
}: {
  coverImage: string | null;
  title: string;
  author: string;
  /** What it is at a glance: its kind, its age rating, how it is paid for. */
  badges: ReactNode;
  /** DetailFigure rows: its rating, its length, how many read it. */
  figures: ReactNode;
  /** The column under the heading: the way in, the description. */
  children: ReactNode;
  /** Under the cover and the column, the page's full width. */
  footer?: ReactNode;
}) {
  return (
    <div className="relative isolate overflow-hidden">
      <Backdrop url={coverImage} />
      <Page width="wide" className="pt-6 pb-12 sm:pt-10">
        <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-4 gap-y-6 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-x-6 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-x-10">
          <div className="md:row-span-2">
            <div className="relative aspect-[2/3] overflow-hidden rounded-2xl border border-border bg-muted shadow-xl">
              <CoverImage
                url={coverImage}
                title={title}
                sizes="(min-width: 768px) 240px, (min-width: 640px) 176px, 120px"
                className="size-full"
                isEager
              />
            </div>
          </div>

          <div className="min-w-0 self-center md:self-end">
            <div className="flex flex-wrap items-center gap-1.5">{badges}</div>
            <h1 className="mt-3 text-2xl font-extrabold tracking-tight break-words sm:text-4xl">{title}</h1>
            <p className="mt-1 text-sm text-muted-foreground sm:text-base">
              by <span className="font-medium text-foreground">{author}</span>
            </p>
            <dl className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">{figures}</dl>
          </div>

          <div className="col-span-2 min-w-0 space-y-6 md:col-span-1 md:col-start-2">{children}</div>
        </div>
        {footer}
      </Page>
    </div>
  );
}

/** The cover, blurred and faded, behind the top of the page. */
function Backdrop({ url }: { url: string | null }) {
  return (
    <div
      aria-hidden
      className="absolute inset-x-0 top-0 -z-10 h-80 overflow-hidden [mask-image:linear-gradient(to_bottom,black_30%,transparent)] sm:h-[26rem]"
    >
      <CoverImage
        url={url}
        title=""
        sizes="160px"
        className="size-full scale-125 opacity-30 blur-3xl saturate-150 dark:opacity-25"
      />
    </div>
  );
}

/** "16+", marked in red from 16. */
export function AgeBadge({ ageRating }: { ageRating: number }) {
  return (
    <Badge variant={ageRating >= 16 ? "danger" : "neutral"}>
      <span className="sr-only">Rated </span>
      {ageRating}+
    </Badge>
  );
}

/** One of the figures under the heading: an icon that names it to screen readers, and its value. */
export function DetailFigure({
  icon: Icon,
  label,
  isStar = false,
  valueTestId,
  children,
}: {
  icon: LucideIcon;
  label: string;
  /** The rating's star, filled gold. */
  isStar?: boolean;
  valueTestId?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-1.5">
      <dt>
        <Icon
          className={isStar ? "size-4 fill-amber-400 text-amber-500" : "size-4 text-muted-foreground"}
          aria-hidden
        />
        <span className="sr-only">{label}</span>
      </dt>
      <dd data-testid={valueTestId}>{children}</dd>
    </div>
  );
}
