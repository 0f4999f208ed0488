import {
  createCuratedListInput,
  idInput,
  reorderCuratedListsInput,
  setCuratedListItemsInput,
  updateCuratedListInput,
} from "@litverse/shared/content-inputs";
import { adminProcedure, optionalUser, publicProcedure, router } from "../../../rpc/trpc.ts";
import * as service from "./content-curation.service.ts";

export const contentCurationRouter = router({
  /** The home page's shelves. Public; a signed-in caller's age decides which rated titles show. */
  getActiveCuratedLists: publicProcedure.query(async ({ ctx }) =>
    service.getActiveCuratedLists(ctx.deps, await optionalUser(ctx)),
  ),
  /** Every list, active or not, with its titles, for the curation page. */
  listCuratedLists: adminProcedure("curation").query(({ ctx }) => service.listCuratedLists(ctx.deps)),
  createCuratedList: adminProcedure("curation")
    .input(createCuratedListInput)
    .mutation(async ({ ctx, input }) => ({ id: (await service.createCuratedList(ctx.deps, input.data)).id })),
  updateCuratedList: adminProcedure("curation")
    .input(updateCuratedListInput)
    .mutation(async ({ ctx, input }) => {
      await service.updateCuratedList(ctx.deps, input.id, input.data);
    }),
  deleteCuratedList: adminProcedure("curation")
    .input(idInput)
    .mutation(({ ctx, input }) => service.deleteCuratedList(ctx.deps, input.id)),
  reorderCuratedLists: adminProcedure("curation")
    .input(reorderCuratedListsInput)
    .mutation(({ ctx, input }) => service.reorderCuratedLists(ctx.deps, input.listIds)),
  setCuratedListItems: adminProcedure("curation")
    .input(setCuratedListItemsInput)
    .mutation(({ ctx, input }) => service.setCuratedListItems(ctx.deps, input.id, input.contentIds)),
});
