import {
  adSettingsInput,
  campaignIdInput,
  createCampaignInput,
  createHouseAdInput,
  houseAdStateInput,
  listCampaignsInput,
  recordAdEventsInput,
  rejectCampaignInput,
  reviewQueueInput,
  searchAdTargetsInput,
  serveAdInput,
  updateCampaignInput,
  updateHouseAdInput,
} from "@litverse/shared/ads-inputs";
import {
  adminProcedure,
  authedProcedure,
  cachedRead,
  optionalUser,
  publicProcedure,
  router,
} from "../../rpc/trpc.ts";
import * as campaigns from "./campaigns.service.ts";
import { recordAdEvents } from "./events.ts";
import * as house from "./house.service.ts";
import * as reports from "./report.service.ts";
import * as review from "./review.service.ts";
import { serveAd } from "./serving.ts";
import * as settings from "./settings.service.ts";
import { searchAdTargets } from "./targets.ts";

// Anyone signed in may advertise with their own coins; serving and counting are for every page,
// signed in or not (crawlers are not counted). Review, house ads and settings are the ads
// section's: view to read, manage to change. Every admin call is in the audit trail.
export const adsRouter = router({
  getAdOptions: authedProcedure.query(({ ctx }) => campaigns.getAdOptions(ctx.deps, ctx.user)),
  searchAdTargets: authedProcedure
    .input(searchAdTargetsInput)
    .query(({ ctx, input }) => searchAdTargets(ctx.deps, ctx.user, input)),
  listMyCampaigns: authedProcedure
    .input(listCampaignsInput)
    .query(({ ctx, input }) => campaigns.listMyCampaigns(ctx.deps, ctx.user, input)),
  getCampaignReport: authedProcedure
    .input(campaignIdInput)
    .query(({ ctx, input }) => reports.getCampaignReport(ctx.deps, ctx.user, input.campaignId)),
  createCampaign: authedProcedure
    .input(createCampaignInput)
    .mutation(({ ctx, input }) => campaigns.createCampaign(ctx.deps, ctx.user, input)),
  updateCampaign: authedProcedure
    .input(updateCampaignInput)
    .mutation(({ ctx, input }) => campaigns.updateCampaign(ctx.deps, ctx.user, input)),
  pauseCampaign: authedProcedure
    .input(campaignIdInput)
    .mutation(({ ctx, input }) => campaigns.setCampaignState(ctx.deps, ctx.user, input.campaignId, "paused")),
  resumeCampaign: authedProcedure
    .input(campaignIdInput)
    .mutation(({ ctx, input }) => campaigns.setCampaignState(ctx.deps, ctx.user, input.campaignId, "active")),
  stopCampaign: authedProcedure
    .input(campaignIdInput)
    .mutation(({ ctx, input }) =>
      campaigns.setCampaignState(ctx.deps, ctx.user, input.campaignId, "stopped"),
    ),

  getAdLayout: publicProcedure
    .meta({ liveScope: "global" })
    .use(cachedRead)
    .query(({ ctx }) => settings.getAdLayout(ctx.deps)),
  serveAd: publicProcedure
    .input(serveAdInput)
    .mutation(async ({ ctx, input }) =>
      serveAd(
        ctx.deps,
        { viewer: await optionalUser(ctx), clientIp: ctx.clientIp, userAgent: ctx.userAgent },
        input,
      ),
    ),
  recordAdEvents: publicProcedure
    .input(recordAdEventsInput)
    .mutation(({ ctx, input }) => recordAdEvents(ctx.deps, { userAgent: ctx.userAgent }, input.events)),

  getReviewQueue: adminProcedure("ads")
    .input(reviewQueueInput)
    .query(({ ctx, input }) => review.getReviewQueue(ctx.deps, input.status)),
  approveCampaign: adminProcedure("ads")
    .input(campaignIdInput)
    .mutation(({ ctx, input }) => review.approveCampaign(ctx.deps, ctx.user, input.campaignId)),
  rejectCampaign: adminProcedure("ads")
    .input(rejectCampaignInput)
    .mutation(({ ctx, input }) => review.rejectCampaign(ctx.deps, ctx.user, input)),
  listHouseAds: adminProcedure("ads").query(({ ctx }) => house.listHouseAds(ctx.deps)),
  getAdminCampaignReport: adminProcedure("ads")
    .input(campaignIdInput)
    .query(({ ctx, input }) => reports.getCampaignReport(ctx.deps, null, input.campaignId)),
  createHouseAd: adminProcedure("ads")
    .input(createHouseAdInput)
    .mutation(({ ctx, input }) => house.createHouseAd(ctx.deps, ctx.user, input)),
  updateHouseAd: adminProcedure("ads")
    .input(updateHouseAdInput)
    .mutation(({ ctx, input }) => house.updateHouseAd(ctx.deps, ctx.user, input)),
  setHouseAdState: adminProcedure("ads")
    .input(houseAdStateInput)
    .mutation(({ ctx, input }) => house.setHouseAdState(ctx.deps, input.campaignId, input.state)),
  getAdSettings: adminProcedure("ads").query(({ ctx }) => settings.getAdSettings(ctx.deps)),
  setAdSettings: adminProcedure("ads")
    .input(adSettingsInput)
    .mutation(({ ctx, input }) => settings.setAdSettings(ctx.deps, input)),
});
