import type { ContentCard as ContentCardData } from "@litverse/shared/content";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AccessBadge } from "../../components/catalogue/access-badge.tsx";
import { CoverImage } from "../../components/catalogue/cover-image.tsx";
import { TYPE_ICONS, TYPE_LABELS } from "../../components/catalogue/labels.ts";

export function ContentCard({
  content,
  to = `/content/${content._id}`,
  details,
  sizes = "(min-width: 1024px) 200px, (min-width: 640px) 30vw, 45vw",
  isEager = false,
}: {
  content: ContentCardData;
  /** Where the card leads: the title's page unless told otherwise (a reader route, to continue). */
  to?: string;
  /** More lines under the author: rating, episodes, progress. */
  details?: ReactNode;
  /** How wide the card shows, for choosing the cover's size. */
  sizes?: string;
  /** On screen as the page opens: the cover loads at once, first among images. */
  isEager?: boolean;
}) {
  const TypeIcon = TYPE_ICONS[content.contentType];
  // Relative, so that visually hidden text inside stays inside a sideways-scrolling row.
  return (
    <Link to={to} className="group relative block rounded-xl outline-offset-4" data-testid="content-card">
      <div className="relative aspect-[2/3] overflow-hidden rounded-xl border border-border bg-muted shadow-sm transition group-hover:shadow-md">
        <CoverImage
          url={content.coverImage}
          title={content.title}
          sizes={sizes}
          isEager={isEager}
          className="size-full transition duration-300 group-hover:scale-[1.03]"
        />
        <AccessBadge accessType={content.accessType} className="absolute top-2 right-2 text-[11px]" />
        <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-[11px] font-medium text-white backdrop-blur">
          <TypeIcon className="size-3" aria-hidden />
          {TYPE_LABELS[content.contentType]}
        </span>
      </div>
      <p className="mt-2 line-clamp-2 text-sm font-semibold leading-snug group-hover:text-brand-600 dark:group-hover:text-brand-400">
        {content.title}
      </p>
      <p className="line-clamp-1 text-xs text-muted-foreground">{content.author}</p>
      {details}
    </Link>
  );
}
