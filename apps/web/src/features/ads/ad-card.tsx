// An ad as readers see it, in the look of where it shows: a card among the shelves (home and
// explore), a slide as tall as the reels around it, a small card under an ended episode. Every
// one says "Sponsored"; the team's own ads also say they are from Litverse. The picture sits in a
// box of fixed proportions, so the page does not move when it arrives. Drawing only: serving,
// counting and reporting are the slot's (ad-slot.tsx); the campaign forms use it for previews.
import { type AdPlacement, type ServedAd, SPONSORED_LABEL } from "@litverse/shared/ads";
import { Megaphone } from "lucide-react";
import type { MouseEventHandler, ReactNode, Ref } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";

export type AdCardContent = Pick<ServedAd, "headline" | "body" | "cta" | "imageUrl" | "house">;

/** Where a drawn ad leads, and what happens on the way (the click is counted). */
export interface AdCardLink {
  href: string;
  /** An outside address: a new tab. */
  external: boolean;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

type Variant = "card" | "slide" | "compact";
const VARIANTS: Record<AdPlacement, Variant> = {
  home: "card",
  explore: "card",
  reels: "slide",
  "episode-end": "compact",
};

export const HOUSE_AD_LABEL = "From Litverse";

export function AdCardView({
  ad,
  placement,
  preview = false,
  link,
  menu,
  className,
  dataset,
  ref,
}: {
  ad: AdCardContent;
  placement: AdPlacement;
  /** Drawn for a look only (a campaign form, the review): nothing leads anywhere. */
  preview?: boolean;
  link?: AdCardLink;
  /** The "…" button, in the card's top corner. */
  menu?: ReactNode;
  className?: string;
  /** `data-*` attributes for the card (what a slot has reported, for tests). */
  dataset?: Record<string, string>;
  ref?: Ref<HTMLElement>;
}) {
  const variant = VARIANTS[placement];
  const target = preview ? undefined : link;
  const common = {
    ...Object.fromEntries(Object.entries(dataset ?? {}).map(([key, value]) => [`data-${key}`, value])),
    ref,
    "aria-label": `${SPONSORED_LABEL}: ${ad.headline}`,
    "data-testid": "ad-card",
    "data-placement": placement,
  };
  if (variant === "slide") {
    return (
      <article
        {...common}
        className={cn(
          "relative overflow-hidden bg-black text-white",
          // A preview has no feed around it to take the height of: a phone's proportions.
          preview ? "aspect-[9/16] w-full max-w-64 rounded-2xl" : "size-full",
          className,
        )}
      >
        <Picture url={ad.imageUrl} className="absolute inset-0" iconClassName="size-16" />
        <SponsoredLabel
          house={ad.house}
          className="absolute top-3 left-3 z-10 bg-black/55 text-white backdrop-blur-sm"
        />
        {menu ? <div className="absolute top-2 right-2 z-10">{menu}</div> : null}
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 via-black/55 to-transparent px-4 pt-28 pb-6">
          <AdLink link={target} className="block rounded-lg outline-offset-4">
            <p className="text-xl leading-snug font-bold text-balance">{ad.headline}</p>
            {ad.body ? <p className="mt-1.5 line-clamp-3 text-sm text-white/85">{ad.body}</p> : null}
            {/* Light on the dark picture whatever the scheme, as the reels' own buttons are. */}
            <span className="mt-4 flex h-12 w-full items-center justify-center rounded-xl bg-white px-6 text-base font-semibold text-stone-900 shadow-sm transition hover:bg-white/90">
              {ad.cta}
            </span>
          </AdLink>
        </div>
      </article>
    );
  }
  if (variant === "compact") {
    return (
      <article
        {...common}
        className={cn(
          "relative rounded-xl border border-border bg-card text-left text-foreground",
          className,
        )}
      >
        <AdLink link={target} className="flex items-start gap-3 rounded-xl p-2.5 pr-11 outline-offset-2">
          <Picture
            url={ad.imageUrl}
            className="aspect-square w-16 shrink-0 self-start rounded-lg"
            iconClassName="size-6"
          />
          <span className="flex min-w-0 flex-1 flex-col items-start">
            <SponsoredLabel house={ad.house} className="-ml-1.5 text-muted-foreground" />
            <span className="line-clamp-2 text-sm leading-snug font-semibold">{ad.headline}</span>
            {ad.body ? <span className="line-clamp-1 text-xs text-muted-foreground">{ad.body}</span> : null}
            <span className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-2" })}>
              {ad.cta}
            </span>
          </span>
        </AdLink>
        {menu ? <div className="absolute top-1 right-1">{menu}</div> : null}
      </article>
    );
  }
  return (
    <article
      {...common}
      className={cn(
        "@container relative overflow-hidden rounded-2xl border border-border bg-card text-foreground shadow-sm",
        className,
      )}
    >
      <AdLink
        link={target}
        className="group flex flex-col gap-3 rounded-2xl p-3 outline-offset-2 @xs:flex-row @lg:gap-5 @lg:p-4"
      >
        <Picture
          url={ad.imageUrl}
          className="aspect-[16/9] w-full shrink-0 rounded-xl @xs:aspect-square @xs:w-28 @xs:self-start @lg:aspect-[4/3] @lg:w-52"
          imageClassName="transition duration-300 group-hover:scale-[1.03]"
          iconClassName="size-8"
        />
        <span className="flex min-w-0 flex-1 flex-col items-start @xs:pr-8">
          <SponsoredLabel house={ad.house} className="-ml-1.5 text-muted-foreground" />
          <span className="mt-0.5 line-clamp-2 leading-snug font-semibold @lg:text-lg group-hover:text-brand-600 dark:group-hover:text-brand-400">
            {ad.headline}
          </span>
          {ad.body ? (
            <span className="mt-1 line-clamp-2 text-sm text-muted-foreground @lg:line-clamp-3">
              {ad.body}
            </span>
          ) : null}
          <span className={buttonClasses({ size: "sm", className: "mt-2 @lg:mt-4" })}>{ad.cta}</span>
        </span>
      </AdLink>
      {menu ? <div className="absolute top-1.5 right-1.5">{menu}</div> : null}
    </article>
  );
}

/** "Sponsored", and for the team's own ads "From Litverse" beside it. */
function SponsoredLabel({ house, className }: { house: boolean; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-1.5 py-0.5 text-xs font-semibold",
        className,
      )}
      data-testid="ad-sponsored"
    >
      {SPONSORED_LABEL}
      {house ? <span className="font-normal opacity-80">· {HOUSE_AD_LABEL}</span> : null}
    </span>
  );
}

function Picture({
  url,
  className,
  imageClassName,
  iconClassName,
}: {
  url: string | null;
  className?: string;
  imageClassName?: string;
  iconClassName?: string;
}) {
  return (
    <span className={cn("block overflow-hidden bg-muted", className)}>
      {url ? (
        <img
          src={url}
          alt=""
          loading="lazy"
          decoding="async"
          className={cn("size-full object-cover", imageClassName)}
        />
      ) : (
        <span className="flex size-full items-center justify-center bg-gradient-to-br from-brand-500 to-accent-500 text-white">
          <Megaphone className={iconClassName} aria-hidden />
        </span>
      )}
    </span>
  );
}

/** The way into what the ad promotes: a page of the app, or an outside address in a new tab. */
function AdLink({
  link,
  className,
  children,
}: {
  link?: AdCardLink;
  className?: string;
  children: ReactNode;
}) {
  if (!link) return <div className={className}>{children}</div>;
  if (link.external) {
    return (
      <a
        href={link.href}
        target="_blank"
        rel="noopener noreferrer sponsored"
        onClick={link.onClick}
        className={className}
      >
        {children}
      </a>
    );
  }
  return (
    <Link to={link.href} onClick={link.onClick} className={className}>
      {children}
    </Link>
  );
}
