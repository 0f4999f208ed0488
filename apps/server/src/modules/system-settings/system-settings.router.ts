import { updateComingSoonSettingsInput } from "@litverse/shared/system-settings-inputs";
import { cachedRead, publicProcedure, router, superadminProcedure } from "../../rpc/trpc.ts";
import * as service from "./system-settings.service.ts";

export const systemSettingsRouter = router({
  getComingSoonSettings: publicProcedure
    .meta({ liveScope: "global", comingSoon: "open" })
    .use(cachedRead)
    .query(({ ctx }) => service.getComingSoonSettings(ctx.deps)),
  updateComingSoonSettings: superadminProcedure("tools")
    .input(updateComingSoonSettingsInput)
    .mutation(({ ctx, input }) => service.updateComingSoonSettings(ctx.deps, input)),
});
