import { updateComingSoonSettingsInput } from "@litverse/shared/system-settings-inputs";
import { publicProcedure, router, superadminProcedure } from "../../rpc/trpc.ts";
import * as service from "./system-settings.service.ts";

export const systemSettingsRouter = router({
  getComingSoonSettings: publicProcedure
    .meta({ liveScope: "global", comingSoon: "open" })
    .query(({ ctx }) => service.getComingSoonSettings(ctx.deps)),
  updateComingSoonSettings: superadminProcedure
    .input(updateComingSoonSettingsInput)
    .mutation(({ ctx, input }) => service.updateComingSoonSettings(ctx.deps, input)),
});
