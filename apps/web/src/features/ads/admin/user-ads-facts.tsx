// What a reviewer weighs beside the ad itself: what it leads to, its dates, its price and budget,
// whom it is shown to; and the advertiser, with how their earlier ads went.
import {
  AD_PLACEMENT_LABELS,
  AD_PRICING_LABELS,
  AD_TARGET_KIND_LABELS,
  type AdCampaign,
  type AdPlacement,
  type AdReviewEntry,
} from "@litverse/shared/ads";
import { ExternalLink } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { TYPE_PLURALS } from "../../../components/catalogue/labels.ts";
import { formatCount, formatDate, formatDateTime } from "../../../lib/format.ts";
import { budgetLeft, formatCoins } from "../report/report-values.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export function CampaignFacts({ campaign }: { campaign: AdCampaign }) {
  const { target, audience, totals } = campaign;
  const days = Math.max(
    1,
    Math.round((Date.parse(campaign.endsAt) - Date.parse(campaign.startsAt)) / DAY_MS),
  );
  const left = budgetLeft(campaign);
  const hasRun = totals.impressions > 0 || totals.spentCoins > 0;
  return (
    <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2" data-testid="campaign-facts">
      <Fact term="Promotes">
        <span className="block text-xs text-muted-foreground">{AD_TARGET_KIND_LABELS[target.kind]}</span>
        <a
          href={target.href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium break-all text-brand-700 hover:underline dark:text-brand-100"
        >
          {target.label}
          <ExternalLink className="size-3.5 shrink-0" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </Fact>
      <Fact term="Schedule">
        <time dateTime={campaign.startsAt}>{formatDateTime(campaign.startsAt)}</time> to{" "}
        <time dateTime={campaign.endsAt}>{formatDateTime(campaign.endsAt)}</time>
        <span className="block text-xs text-muted-foreground">
          {days} {days === 1 ? "day" : "days"}
        </span>
      </Fact>
      <Fact term="Pricing">
        {campaign.pricing ? (
          <>
            {AD_PRICING_LABELS[campaign.pricing]}
            <ul className="text-xs text-muted-foreground">
              {campaign.placements.map((placement) => (
                <li key={placement}>{rateLine(placement, campaign)}</li>
              ))}
            </ul>
          </>
        ) : (
          "No coins: a house ad"
        )}
      </Fact>
      <Fact term="Budget">
        {campaign.budgetCoins === null ? (
          "None"
        ) : (
          <>
            {formatCoins(campaign.budgetCoins)} coins
            <span className="block text-xs text-muted-foreground">
              {formatCoins(totals.spentCoins)} spent ·{" "}
              {left?.returned
                ? `${formatCoins(left.coins)} returned`
                : `${formatCoins(left?.coins ?? 0)} held`}
            </span>
          </>
        )}
      </Fact>
      <Fact term="Audience">
        {audience.contentTypes.length > 0
          ? audience.contentTypes.map((type) => TYPE_PLURALS[type]).join(", ")
          : "Every kind of title"}
        <span className="block text-xs text-muted-foreground">
          {audience.genres.length > 0 ? `Genres: ${audience.genres.join(", ")}` : "Every genre"} ·{" "}
          {audience.languages.length > 0
            ? `Languages: ${audience.languages.map(languageName).join(", ")}`
            : "Every language"}
        </span>
      </Fact>
      <Fact term="Minimum age">{campaign.minAge}+</Fact>
      {hasRun ? (
        <Fact term="So far" className="sm:col-span-2">
          {formatCount(totals.impressions)} shown · {formatCount(totals.viewable)} seen ·{" "}
          {formatCount(totals.clicks)} {totals.clicks === 1 ? "click" : "clicks"}
        </Fact>
      ) : null}
    </dl>
  );
}

function rateLine(placement: AdPlacement, campaign: AdCampaign): string {
  const rate = campaign.rates[placement];
  if (rate === undefined) return `${AD_PLACEMENT_LABELS[placement]}: no rate`;
  const unit = campaign.pricing === "cpm" ? "per 1,000 views" : "per click";
  return `${AD_PLACEMENT_LABELS[placement]}: ${formatCoins(rate)} ${rate === 1 ? "coin" : "coins"} ${unit}`;
}

const languageNames = new Intl.DisplayNames(["en"], { type: "language" });

function languageName(tag: string): string {
  try {
    return languageNames.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export function AdvertiserPanel({
  advertiser,
  history,
}: {
  advertiser: AdCampaign["advertiser"];
  history: AdReviewEntry["advertiserHistory"];
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-border bg-muted p-4 text-sm"
      data-testid="advertiser"
    >
      <h3 id={headingId} className="text-xs font-medium text-muted-foreground">
        Advertiser
      </h3>
      {advertiser ? (
        <p className="mt-1">
          <Link
            to={`/admin/user-management/${advertiser.id}`}
            className="font-semibold text-brand-700 hover:underline dark:text-brand-100"
          >
            {advertiser.name}
          </Link>
          {advertiser.handle ? <span className="text-muted-foreground"> @{advertiser.handle}</span> : null}
        </p>
      ) : (
        <p className="mt-1 text-muted-foreground">The account no longer exists.</p>
      )}
      {history ? (
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
          <Fact term="Campaigns">{formatCount(history.campaigns)}</Fact>
          <Fact term="Approved">{formatCount(history.approved)}</Fact>
          <Fact term="Rejected">{formatCount(history.rejected)}</Fact>
          <Fact term="Coins spent">{formatCoins(history.spentCoins)}</Fact>
          <Fact term="Member since" className="col-span-2">
            <time dateTime={history.memberSince}>{formatDate(history.memberSince)}</time>
          </Fact>
        </dl>
      ) : null}
    </section>
  );
}

function Fact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
