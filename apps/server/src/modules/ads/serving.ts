// Choosing an ad for a placement, in memory: the campaigns that may serve are loaded in one read
// and kept for a few seconds (and reloaded at once when a campaign or a moderator's hiding changes),
// so a choice costs no database read but the viewer's plans and interests, which are cached too.
// A choice respects the placement's switch and caps, the plans that see no ads, the schedule, what
// is left of the budget, pacing, the audience and age, and moderators' hiding.
import type { AdPlacement, AdSettings, ServedAd } from "@litverse/shared/ads";
import type { PlanTier } from "@litverse/shared/coins";
import type { Age } from "@litverse/shared/constants";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../core/db/client.ts";
import { queryRows } from "../../core/db/client.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { content } from "../content/schema.ts";
import { HIDDEN_ITEMS_TOPIC } from "../reports/index.ts";
import { activeTiers } from "../subscriptions/index.ts";
import { loadAdSettings, placementSettings } from "./ad-settings.ts";
import { type AdContext, matchesAudience } from "./audience.ts";
import { adCampaigns } from "./schema.ts";
import { type ResolvedTarget, resolveTargets, targetKey } from "./targets.ts";
import { adTokens } from "./tokens.ts";
import { ADS_TOPIC } from "./topics.ts";
import { adImageUrl, type CampaignRow, hiddenAds } from "./views.ts";

/** Campaigns are reloaded this often at most, to see other processes' spend and schedules turning. */
const RELOAD_MS = 5_000;
const VIEWER_CACHE_MS = 60_000;
const VIEWER_CACHE_ENTRIES = 50_000;
/** Spend may run this far ahead of an even pace (a share of the budget), so a young campaign serves. */
const PACING_SLACK = 0.05;
const PACING_AHEAD = 1.2;

export interface ServableCampaign {
  row: CampaignRow;
  target: ResolvedTarget;
  hiddenFrom: "everyone" | "minors" | null;
  /** Thousandths of a coin spent, as far as this process knows: loaded, plus its own charges since. */
  spentMilli: number;
}

interface Loaded {
  settings: AdSettings;
  byPlacement: Map<AdPlacement, ServableCampaign[]>;
  byId: Map<string, ServableCampaign>;
  at: number;
}

/** A small least-recently-used cache with a lifetime per entry. */
class TimedCache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  private readonly lifetimeMs: number;
  private readonly maxEntries: number;
  constructor(lifetimeMs: number, maxEntries: number) {
    this.lifetimeMs = lifetimeMs;
    this.maxEntries = maxEntries;
  }
  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || now - entry.at > this.lifetimeMs) return undefined;
    return entry.value;
  }
  set(key: string, value: T, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: now });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}

export interface ServeRequest {
  viewer: Viewer | null;
  clientIp: string;
  userAgent: string | undefined;
}

export class AdServer {
  private loaded: Loaded | null = null;
  private loading: Promise<Loaded> | null = null;
  private stale = true;
  private readonly tiers = new TimedCache<Set<PlanTier>>(VIEWER_CACHE_MS, VIEWER_CACHE_ENTRIES);
  private readonly interests = new TimedCache<AdContext>(10 * VIEWER_CACHE_MS, VIEWER_CACHE_ENTRIES);
  private readonly titles = new TimedCache<AdContext>(5 * VIEWER_CACHE_MS, 5_000);
  /**
   * Per placement: caps per hour and per day, rebuilt when the settings change them. Counted in
   * the platform's limiter store, so a viewer's cap holds across every process serving them.
   */
  private caps = new Map<AdPlacement, { key: string; hour: RateLimiterAbstract; day: RateLimiterAbstract }>();
  /** The last campaign each viewer saw in each placement, so the next one differs when it can. */
  private readonly lastShown = new TimedCache<string>(VIEWER_CACHE_MS * 60, VIEWER_CACHE_ENTRIES);

  private readonly deps: ServiceDeps;

  constructor(deps: ServiceDeps) {
    this.deps = deps;
    deps.changes.subscribe((topics) => {
      if (topics.includes(ADS_TOPIC) || topics.includes(HIDDEN_ITEMS_TOPIC) || topics.includes("*")) {
        this.stale = true;
      }
    });
  }

  /**
   * The campaigns in force. After a change to campaigns or to what moderators hide, the reload is
   * waited for (a hidden ad stops at once); when they are merely old, the held ones serve while
   * the reload runs.
   */
  async campaigns(now = Date.now()): Promise<Loaded> {
    if (this.loaded && !this.stale && now - this.loaded.at < RELOAD_MS) return this.loaded;
    const mustWait = !this.loaded || this.stale;
    if (!this.loading) {
      // A change announced while this load runs marks it stale again, for the next call.
      this.stale = false;
      this.loading = this.load()
        .then((loaded) => {
          this.loaded = loaded;
          return loaded;
        })
        .finally(() => {
          this.loading = null;
        });
    }
    if (mustWait || !this.loaded) return this.loading;
    this.loading.catch(() => {
      this.stale = true;
    });
    return this.loaded;
  }

  private async load(): Promise<Loaded> {
    const { db, media } = this.deps;
    const [settings, rows] = await Promise.all([
      loadAdSettings(db),
      db
        .select()
        .from(adCampaigns)
        .where(
          and(
            eq(adCampaigns.status, "active"),
            gt(adCampaigns.endsAt, sql`now()`),
            // Those starting within the reload's interval are kept too, and skipped until they start.
            lte(adCampaigns.startsAt, sql`now() + interval '1 minute'`),
            sql`(${adCampaigns.budgetCoins} is null or ${adCampaigns.spentMilli} < ${adCampaigns.budgetCoins}::bigint * 1000)`,
          ),
        ),
    ]);
    const [targets, hidden] = await Promise.all([
      resolveTargets(
        db,
        media,
        rows.map((row) => ({ kind: row.targetKind, id: row.targetId, url: row.targetUrl })),
      ),
      hiddenAds(
        db,
        rows.map((row) => row.id),
      ),
    ]);
    const byPlacement = new Map<AdPlacement, ServableCampaign[]>();
    const byId = new Map<string, ServableCampaign>();
    for (const row of rows) {
      const target = targets.get(targetKey({ kind: row.targetKind, id: row.targetId, url: row.targetUrl }));
      if (!target) continue;
      const servable: ServableCampaign = {
        row,
        target,
        hiddenFrom: hidden.get(row.id) ?? null,
        spentMilli: row.spentMilli,
      };
      if (servable.hiddenFrom === "everyone") continue;
      byId.set(row.id, servable);
      for (const placement of row.placements) {
        const list = byPlacement.get(placement) ?? [];
        list.push(servable);
        byPlacement.set(placement, list);
      }
    }
    return { settings, byPlacement, byId, at: Date.now() };
  }

  /**
   * Campaigns changed in this process: reloaded on the next choice, without waiting for the
   * announcement to come round (it still does, for the other processes).
   */
  markStale(): void {
    this.stale = true;
  }

  /** Counts this process's charges at once, so that pacing and budgets follow them before the next load. */
  noteCharges(charges: ReadonlyMap<string, number>): void {
    for (const [campaignId, milli] of charges) {
      const servable = this.loaded?.byId.get(campaignId);
      if (servable) servable.spentMilli += milli;
    }
  }

  private capsFor(settings: AdSettings, placement: AdPlacement) {
    const entry = placementSettings(settings, placement);
    const key = `${entry.perHour}/${entry.perDay}`;
    let caps = this.caps.get(placement);
    if (!caps || caps.key !== key) {
      caps = {
        key,
        hour: this.deps.limiters.limiter({
          keyPrefix: `ad-hour:${placement}`,
          points: Math.max(1, entry.perHour),
          duration: 3600,
        }),
        day: this.deps.limiters.limiter({
          keyPrefix: `ad-day:${placement}`,
          points: Math.max(1, entry.perDay),
          duration: 24 * 3600,
        }),
      };
      this.caps.set(placement, caps);
    }
    return { caps, entry };
  }

  private async viewerTiers(userId: string, now: number): Promise<Set<PlanTier>> {
    const cached = this.tiers.get(userId, now);
    if (cached) return cached;
    const tiers = await activeTiers(this.deps.db, userId);
    this.tiers.set(userId, tiers, now);
    return tiers;
  }

  /** What the viewer reads lately: kinds, genres and languages of their last titles. */
  private async viewerInterests(userId: string, now: number): Promise<AdContext> {
    const cached = this.interests.get(userId, now);
    if (cached) return cached;
    const rows = await queryRows<{ content_type: string; genres: string[]; language: string | null }>(
      this.deps.db,
      sql`select c.content_type, c.genres, c.language from content c
          where c.id in (select p.content_id from episode_progress p where p.user_id = ${userId}
                         order by p.updated_at desc limit 40)`,
    );
    const interests = contextOf(rows);
    this.interests.set(userId, interests, now);
    return interests;
  }

  private async titleContext(contentId: string, now: number): Promise<AdContext> {
    const cached = this.titles.get(contentId, now);
    if (cached) return cached;
    const rows = await this.deps.db
      .select({ content_type: content.contentType, genres: content.genres, language: content.language })
      .from(content)
      .where(eq(content.id, contentId));
    const context = contextOf(rows);
    this.titles.set(contentId, context, now);
    return context;
  }

  async serve(
    request: ServeRequest,
    input: { placement: AdPlacement; contentId?: string | null },
  ): Promise<ServedAd | null> {
    if (!request.userAgent || isbot(request.userAgent)) return null;
    const now = Date.now();
    const loaded = await this.campaigns(now);
    const { caps, entry } = this.capsFor(loaded.settings, input.placement);
    if (!entry.enabled || entry.perHour === 0 || entry.perDay === 0) return null;
    const candidates = loaded.byPlacement.get(input.placement);
    if (!candidates || candidates.length === 0) return null;
    const { viewer } = request;
    if (viewer) {
      const tiers = await this.viewerTiers(viewer.id, now);
      if (loaded.settings.adFreeTiers.some((tier) => tiers.has(tier))) return null;
    }
    const context =
      input.placement === "episode-end" && input.contentId
        ? await this.titleContext(input.contentId, now)
        : viewer
          ? await this.viewerInterests(viewer.id, now)
          : EMPTY_CONTEXT;
    const age: Age = viewer?.age ?? 13;
    const fitting = candidates.filter((candidate) =>
      fits(candidate, input.placement, viewer, age, context, now),
    );
    if (fitting.length === 0) return null;
    const viewerKey = viewer ? viewer.id : `ip:${request.clientIp}`;
    const capKey = viewerKey;
    try {
      await caps.hour.consume(capKey);
      await caps.day.consume(capKey);
    } catch {
      return null;
    }
    const lastKey = `${viewerKey}|${input.placement}`;
    const chosen = choose(fitting, this.lastShown.get(lastKey, now));
    this.lastShown.set(lastKey, chosen.row.id, now);
    const tokens = await adTokens(this.deps.db);
    const { row, target } = chosen;
    return {
      token: tokens.issue({ campaignId: row.id, placement: input.placement, userId: viewer?.id ?? null }),
      campaignId: row.id,
      placement: input.placement,
      house: row.isHouse,
      headline: row.headline,
      body: row.body,
      cta: row.cta,
      imageUrl: adImageUrl(row.imageKey) ?? target.imageUrl,
      href: target.href,
      external: target.kind === "link",
    };
  }
}

const EMPTY_CONTEXT: AdContext = { contentTypes: new Set(), genres: new Set(), languages: new Set() };

function contextOf(
  rows: readonly { content_type: string; genres: string[]; language: string | null }[],
): AdContext {
  const contentTypes = new Set<string>();
  const genres = new Set<string>();
  const languages = new Set<string>();
  for (const row of rows) {
    contentTypes.add(row.content_type);
    for (const genre of row.genres) genres.add(genre.toLowerCase());
    if (row.language) languages.add(row.language.toLowerCase());
  }
  return { contentTypes, genres, languages };
}

/** Whether the campaign may show to this viewer now, here. */
export function fits(
  candidate: ServableCampaign,
  placement: AdPlacement,
  viewer: Viewer | null,
  age: Age,
  context: AdContext,
  now: number,
): boolean {
  const { row } = candidate;
  if (row.startsAt.getTime() > now || row.endsAt.getTime() <= now) return false;
  if (viewer && row.ownerId === viewer.id) return false;
  if (age < row.minAge || age < candidate.target.ageRating) return false;
  if (candidate.hiddenFrom === "minors" && age < 18) return false;
  if (!matchesAudience(row, context)) return false;
  if (row.isHouse || row.budgetCoins === null) return true;
  const budgetMilli = row.budgetCoins * 1000;
  const rate = row.ratesMilli[placement] ?? 0;
  if (candidate.spentMilli + rate > budgetMilli) return false;
  const start = row.startsAt.getTime();
  const elapsed = (now - start) / Math.max(1, row.endsAt.getTime() - start);
  return candidate.spentMilli <= budgetMilli * Math.min(1, elapsed * PACING_AHEAD + PACING_SLACK);
}

/**
 * House ads before paid ones come first; then paid ads and house ads alongside them, at random;
 * house ads that only fill come last. The one the viewer saw last here is passed over when
 * another fits.
 */
export function choose(
  fitting: readonly ServableCampaign[],
  lastShownId: string | undefined,
): ServableCampaign {
  const tiers = [
    fitting.filter((c) => c.row.priority === "first"),
    fitting.filter((c) => !c.row.isHouse || c.row.priority === "equal"),
    fitting.filter((c) => c.row.priority === "fill"),
  ];
  const tier = tiers.find((list) => list.length > 0) ?? fitting;
  const fresh = tier.length > 1 ? tier.filter((c) => c.row.id !== lastShownId) : tier;
  return fresh[Math.floor(Math.random() * fresh.length)] as ServableCampaign;
}

const servers = new WeakMap<Database, AdServer>();

/** Forgets what this process holds of the ads (for tests that empty the database between cases). */
export function forgetAdServing(deps: ServiceDeps): void {
  servers.delete(deps.db);
}

/** The process's ad server for this database. */
export function adServerFor(deps: ServiceDeps): AdServer {
  let server = servers.get(deps.db);
  if (!server) {
    server = new AdServer(deps);
    servers.set(deps.db, server);
  }
  return server;
}

export function serveAd(
  deps: ServiceDeps,
  request: ServeRequest,
  input: { placement: AdPlacement; contentId?: string | null },
): Promise<ServedAd | null> {
  return adServerFor(deps).serve(request, input);
}
