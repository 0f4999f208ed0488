import {
  adminListUnlocksInput,
  getUnlockOptionsInput,
  refundUnlockInput,
  unlockAllRemainingInput,
  unlockEpisodeInput,
} from "@litverse/shared/unlocks-inputs";
import { adminProcedure, authedProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./unlocks.service.ts";

/** The unlock ladder: what opens an episode, opening it, and refunds. */
export const unlocksRouter = router({
  /** The lock, price, balance, rental, wait-for-free and bulk offers for one episode (live). */
  getUnlockOptions: authedProcedure
    .input(getUnlockOptionsInput)
    .query(({ ctx, input }) => service.getUnlockOptions(ctx.deps, ctx.user, input.episodeId)),
  /** Opens a priced episode with coins (for good), a rental, or the wait-for-free timer. */
  unlockEpisode: authedProcedure
    .input(unlockEpisodeInput)
    .mutation(({ ctx, input }) => service.unlockEpisode(ctx.deps, ctx.user, input)),
  /** Every remaining priced episode of a title at the bulk price. */
  unlockAllRemaining: authedProcedure
    .input(unlockAllRemainingInput)
    .mutation(({ ctx, input }) => service.unlockAllRemaining(ctx.deps, ctx.user, input)),
  /** Unlocks, newest first, searchable by the reader's email or the title (live). */
  adminListUnlocks: adminProcedure("analytics")
    .input(adminListUnlocksInput)
    .query(({ ctx, input }) => service.adminListUnlocks(ctx.deps, input)),
  /** Gives the coins back (a reversing entry) and locks the episode(s) again. */
  refundUnlock: adminProcedure("analytics")
    .input(refundUnlockInput)
    .mutation(({ ctx, input }) => service.refundUnlock(ctx.deps, ctx.user, input)),
});
