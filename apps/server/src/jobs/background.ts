// The work a server process does besides answering calls: running queued jobs (imports, reels),
// releasing scheduled episodes, refreshing engagement figures, removing abandoned uploads,
// expiring bonus coins (and telling people of coins about to expire), renewing the sandbox provider's subscriptions, ending subscription periods
// and granting plans' monthly bonus coins, flagging support tickets past their targets, closing
// finished league weeks, and the reels' upkeep (stranded conversions, old uploads and watch events).
// Every process does it; the database makes sure each piece happens once.
import type { FastifyBaseLogger } from "fastify";
import { type JobHandler, JobRunner } from "../core/jobs/job-queue.ts";
import type { ServiceDeps } from "../core/service-deps.ts";
import { broadcastJobHandler } from "../modules/admin-notifications/announcements.service.ts";
import { ADS_UPKEEP_MS, runAdsUpkeep } from "../modules/ads/index.ts";
import { notifyExpiringBonusCoins } from "../modules/coins/expiring-notices.ts";
import { expireBonusCoins } from "../modules/coins/ledger.ts";
import { importJobHandler } from "../modules/content-admin/imports/imports.service.ts";
import { MailSender, type MailTransport, sendDueDigests, startDueIssues } from "../modules/mail/index.ts";
import { renewDueSandboxSubscriptions } from "../modules/payments/sandbox-renewals.ts";
import { reelJobHandler } from "../modules/reels/reel-processing.ts";
import { runReelsUpkeep } from "../modules/reels/reels-upkeep.ts";
import { closeFinishedLeagueWeeks } from "../modules/rewards/leagues-close.ts";
import { runSubscriptionUpkeep } from "../modules/subscriptions/subscription-payments.ts";
import { runSupportUpkeep } from "../modules/support/support-upkeep.ts";
import { refreshContentStats } from "./content-stats.ts";
import { announceDueEpisodes } from "./episode-releases.ts";

export const RELEASE_CHECK_MS = 15_000;
export const STATS_REFRESH_MS = 5 * 60_000;
export const UPLOAD_SWEEP_MS = 60 * 60_000;
export const COIN_EXPIRY_MS = 10 * 60_000;
export const SANDBOX_RENEWAL_MS = 60_000;
/** Often enough that a period's end shows within a minute on the pages that follow it. */
export const SUBSCRIPTION_UPKEEP_MS = 60_000;
/** Service-level breaches are flagged within a minute of their due time. */
export const SUPPORT_UPKEEP_MS = 60_000;

/** Reels stranded by a stopped conversion are failed, and reel uploads swept, this often. */
export const REELS_UPKEEP_MS = 60_000;

/** A finished league week is closed within this long of its end and grace period. */
export const LEAGUE_CLOSE_MS = 10 * 60_000;

/** A scheduled newsletter starts within this long of its time. */
export const NEWSLETTER_START_MS = 15_000;
/** Digests are looked for this often (each person's comes a day or a week after their last). */
export const DIGEST_CHECK_MS = 10 * 60_000;

export interface BackgroundOptions {
  /** Where mail goes, how fast, and whether this process is the database's only one. */
  mail: { transport: MailTransport; ratePerSecond: number; soleProcess: boolean };
}

export interface BackgroundWork {
  runner: JobRunner;
  /**
   * Starts nothing more. The job already taken and the periodic tasks running have `graceMs` to
   * finish (none by default); then the job is aborted, to be started again.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

export function startBackgroundWork(
  deps: ServiceDeps,
  log: FastifyBaseLogger,
  options: BackgroundOptions,
): BackgroundWork {
  const runner = new JobRunner(
    deps,
    [
      importJobHandler(deps) as JobHandler<never>,
      broadcastJobHandler(deps) as JobHandler<never>,
      reelJobHandler(deps) as JobHandler<never>,
    ],
    { log },
  );
  runner.start();
  const mailSender = new MailSender(deps, options.mail.transport, {
    log,
    ratePerSecond: options.mail.ratePerSecond,
    soleProcess: options.mail.soleProcess,
  });
  const mailStarted = mailSender
    .start()
    .catch((error: unknown) => log.error({ err: error }, "mail sender did not start"));

  /** The periodic tasks running right now, which a stop lets finish. */
  const inFlight = new Set<Promise<void>>();
  const every = (ms: number, name: string, task: () => Promise<unknown>) => {
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        await task();
      } catch (error) {
        log.warn({ err: error }, `${name} failed`);
      } finally {
        running = false;
      }
    };
    const track = () => {
      const done = run();
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    };
    track();
    return setInterval(track, ms);
  };
  const timers = [
    every(RELEASE_CHECK_MS, "releasing scheduled episodes", () => announceDueEpisodes(deps)),
    every(STATS_REFRESH_MS, "refreshing content figures", () => refreshContentStats(deps)),
    every(UPLOAD_SWEEP_MS, "removing old uploads", () => deps.media.uploads.sweep()),
    every(COIN_EXPIRY_MS, "expiring bonus coins", () => expireBonusCoins(deps)),
    every(COIN_EXPIRY_MS, "telling people of bonus coins about to expire", () =>
      notifyExpiringBonusCoins(deps),
    ),
    every(SANDBOX_RENEWAL_MS, "renewing sandbox subscriptions", () => renewDueSandboxSubscriptions(deps)),
    every(SUBSCRIPTION_UPKEEP_MS, "ending subscription periods and granting plan bonuses", () =>
      runSubscriptionUpkeep(deps),
    ),
    every(SUPPORT_UPKEEP_MS, "flagging missed support targets and closing solved tickets", () =>
      runSupportUpkeep(deps),
    ),
    every(LEAGUE_CLOSE_MS, "closing finished league weeks", () => closeFinishedLeagueWeeks(deps)),
    every(ADS_UPKEEP_MS, "ending ads, settling their spend and sweeping old ad views", () =>
      runAdsUpkeep(deps),
    ),
    every(REELS_UPKEEP_MS, "failing stranded reels, sweeping reel uploads and old watch events", () =>
      runReelsUpkeep(deps),
    ),
    every(NEWSLETTER_START_MS, "starting scheduled newsletters", () => startDueIssues(deps)),
    every(DIGEST_CHECK_MS, "queueing notification digests", () => sendDueDigests(deps)),
  ];

  return {
    runner,
    async stop({ graceMs = 0 } = {}) {
      for (const timer of timers) clearInterval(timer);
      // The periodic tasks are short database work: each is awaited (aborting one would leave
      // nothing better), bounded by the caller's own deadline.
      await mailStarted;
      await Promise.all([runner.stop({ graceMs }), mailSender.stop(), ...inFlight]);
      options.mail.transport.close();
    },
  };
}
