// Counting what pages report of the ads they show. Events that arrive together are written
// together (group commit): each call waits for the one transaction that records its events, so
// an answer always means the events are stored, and a page that got no answer sends them again;
// the events' key (the showing and the kind) makes the second send count nothing. Spend is
// charged in the same transaction with the campaigns locked, capped at the budget.
import type { AdEventKind } from "@litverse/shared/ads";
import { inArray, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { dayOf } from "../../core/daily-counts.ts";
import type { Database } from "../../core/db/client.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { adCampaigns, adDaily, adEvents } from "./schema.ts";
import { adServerFor } from "./serving.ts";
import { type AdTokenClaims, adTokens } from "./tokens.ts";
import { advertiserTopic, campaignTopic } from "./topics.ts";

/** Events wait at most this long for others to share their transaction. */
const GATHER_MS = 20;
const MAX_BATCH = 1_000;
/** How often a campaign's watchers hear that its figures grew, at most. */
const ANNOUNCE_MS = 2_000;

interface PendingEvent {
  claims: AdTokenClaims;
  kind: AdEventKind;
  /** When the page saw it happen: now, but for the demo's days made in the past. */
  at: Date;
}

interface Waiting {
  events: PendingEvent[];
  resolve(counted: number): void;
  reject(error: unknown): void;
}

interface Totals {
  impressions: number;
  viewable: number;
  clicks: number;
  spent: number;
}
const emptyTotals = (): Totals => ({ impressions: 0, viewable: 0, clicks: 0, spent: 0 });

/** What counts of a showing: its charged kind is the one the campaign pays for. */
function chargedKind(pricing: string | null): AdEventKind | null {
  return pricing === "cpm" ? "viewable" : pricing === "cpc" ? "click" : null;
}

export class AdEventBatcher {
  private waiting: Waiting[] = [];
  private size = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly announce = new Map<string, string | null>();
  private announceTimer: NodeJS.Timeout | undefined;

  private readonly deps: ServiceDeps;

  constructor(deps: ServiceDeps) {
    this.deps = deps;
  }

  /** Resolves, once stored, with how many of these events counted (not seen before). */
  record(events: PendingEvent[]): Promise<number> {
    if (events.length === 0) return Promise.resolve(0);
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ events, resolve, reject });
      this.size += events.length;
      if (this.size >= MAX_BATCH) this.flushSoon(0);
      else this.flushSoon(GATHER_MS);
    });
  }

  private flushSoon(ms: number): void {
    if (this.timer && ms > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const batch = this.waiting;
      this.waiting = [];
      this.size = 0;
      // One batch at a time: a process's batches never wait on each other's locks.
      this.writing = this.writing.then(() => this.write(batch));
    }, ms);
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const counted = await this.store(batch.flatMap((waiting) => waiting.events));
      // An event sent twice into one batch (a retry racing its first send) counts for one caller.
      for (const waiting of batch) {
        waiting.resolve(
          waiting.events.filter((event) => counted.delete(`${event.claims.impressionId}|${event.kind}`))
            .length,
        );
      }
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }

  /** Stores the events; returns the keys of those that counted. */
  private async store(events: PendingEvent[]): Promise<Set<string>> {
    const unique = new Map<string, PendingEvent>();
    for (const event of events) unique.set(`${event.claims.impressionId}|${event.kind}`, event);
    const campaignIds = [...new Set([...unique.values()].map((event) => event.claims.campaignId))].sort();
    const { charged, counted, touched } = await this.deps.changes.inTransaction(this.deps.db, async (tx) => {
      // Locked in id order: a stop settling the spend waits for this, and this for it.
      const campaigns = await tx
        .select({
          id: adCampaigns.id,
          ownerId: adCampaigns.ownerId,
          pricing: adCampaigns.pricing,
          ratesMilli: adCampaigns.ratesMilli,
          budgetCoins: adCampaigns.budgetCoins,
          spentMilli: adCampaigns.spentMilli,
          status: adCampaigns.status,
        })
        .from(adCampaigns)
        .where(inArray(adCampaigns.id, campaignIds))
        .orderBy(adCampaigns.id)
        .for("update");
      const byId = new Map(campaigns.map((campaign) => [campaign.id, { ...campaign, room: 0 }]));
      for (const campaign of byId.values()) {
        const paying =
          campaign.budgetCoins !== null && (campaign.status === "active" || campaign.status === "paused");
        campaign.room = paying ? (campaign.budgetCoins as number) * 1000 - campaign.spentMilli : 0;
      }
      const rows = [...unique.values()].flatMap(({ claims, kind, at }) => {
        const campaign = byId.get(claims.campaignId);
        if (!campaign) return [];
        let chargedMilli = 0;
        if (kind === chargedKind(campaign.pricing)) {
          const rate = campaign.ratesMilli[claims.placement] ?? 0;
          // Never past the budget: an event beyond it is counted and not charged.
          chargedMilli = Math.min(rate, Math.max(0, campaign.room));
          campaign.room -= chargedMilli;
        }
        return [
          {
            impressionId: claims.impressionId,
            kind,
            campaignId: claims.campaignId,
            placement: claims.placement,
            userId: claims.userId,
            chargedMilli,
            createdAt: at,
          },
        ];
      });
      if (rows.length === 0)
        return { charged: new Map<string, number>(), counted: new Set<string>(), touched: [] };
      const inserted = await tx.insert(adEvents).values(rows).onConflictDoNothing().returning({
        impressionId: adEvents.impressionId,
        kind: adEvents.kind,
        campaignId: adEvents.campaignId,
        chargedMilli: adEvents.chargedMilli,
        createdAt: adEvents.createdAt,
      });
      const totals = new Map<string, Totals>();
      const days = new Map<string, Totals & { campaignId: string; day: string }>();
      for (const event of inserted) {
        const day = dayOf(event.createdAt);
        const total = totals.get(event.campaignId) ?? emptyTotals();
        const daily = days.get(`${event.campaignId}|${day}`) ?? {
          ...emptyTotals(),
          campaignId: event.campaignId,
          day,
        };
        for (const each of [total, daily]) {
          if (event.kind === "impression") each.impressions += 1;
          else if (event.kind === "viewable") each.viewable += 1;
          else each.clicks += 1;
          each.spent += event.chargedMilli;
        }
        totals.set(event.campaignId, total);
        days.set(`${event.campaignId}|${day}`, daily);
      }
      if (totals.size > 0) {
        const values = sql.join(
          [...totals].map(
            ([id, t]) =>
              sql`(${id}::uuid, ${t.impressions}::int, ${t.viewable}::int, ${t.clicks}::int, ${t.spent}::bigint)`,
          ),
          sql`, `,
        );
        await tx.execute(sql`
          update ad_campaigns c set impressions = c.impressions + v.impressions, viewable = c.viewable + v.viewable,
            clicks = c.clicks + v.clicks, spent_milli = c.spent_milli + v.spent, updated_at = now()
          from (values ${values}) as v(id, impressions, viewable, clicks, spent) where c.id = v.id`);
        await tx
          .insert(adDaily)
          .values(
            [...days.values()].map((t) => ({
              campaignId: t.campaignId,
              day: t.day,
              impressions: t.impressions,
              viewable: t.viewable,
              clicks: t.clicks,
              spentMilli: t.spent,
            })),
          )
          .onConflictDoUpdate({
            target: [adDaily.campaignId, adDaily.day],
            set: {
              impressions: sql`${adDaily.impressions} + excluded.impressions`,
              viewable: sql`${adDaily.viewable} + excluded.viewable`,
              clicks: sql`${adDaily.clicks} + excluded.clicks`,
              spentMilli: sql`${adDaily.spentMilli} + excluded.spent_milli`,
            },
          });
      }
      return {
        charged: new Map([...totals].map(([id, t]) => [id, t.spent])),
        counted: new Set(inserted.map((event) => `${event.impressionId}|${event.kind}`)),
        touched: [...totals.keys()].map((id) => [id, byId.get(id)?.ownerId ?? null] as const),
      };
    });
    adServerFor(this.deps).noteCharges(charged);
    for (const [id, ownerId] of touched) this.announce.set(id, ownerId);
    this.announceLater();
    return counted;
  }

  private announceLater(): void {
    if (this.announceTimer || this.announce.size === 0) return;
    this.announceTimer = setTimeout(() => {
      this.announceTimer = undefined;
      const topics = [...this.announce].flatMap(([id, ownerId]) => [
        campaignTopic(id),
        ...(ownerId ? [advertiserTopic(ownerId)] : []),
      ]);
      this.announce.clear();
      this.deps.changes.changed(...new Set(topics));
    }, ANNOUNCE_MS);
    this.announceTimer.unref();
  }
}

const batchers = new WeakMap<Database, AdEventBatcher>();

export function adEventBatcher(deps: ServiceDeps): AdEventBatcher {
  let batcher = batchers.get(deps.db);
  if (!batcher) {
    batcher = new AdEventBatcher(deps);
    batchers.set(deps.db, batcher);
  }
  return batcher;
}

/**
 * Records events pages send with the tokens their ads came with. Crawlers and automated clients
 * count nothing; a token not ours or too old counts nothing; each showing counts each kind once.
 */
export async function recordAdEvents(
  deps: ServiceDeps,
  request: { userAgent: string | undefined },
  events: readonly { token: string; kind: AdEventKind }[],
  now = new Date(),
): Promise<{ counted: number }> {
  if (!request.userAgent || isbot(request.userAgent)) return { counted: 0 };
  const tokens = await adTokens(deps.db);
  const pending = events.flatMap(({ token, kind }) => {
    const claims = tokens.read(token, now);
    return claims ? [{ claims, kind, at: now }] : [];
  });
  return { counted: await adEventBatcher(deps).record(pending) };
}
