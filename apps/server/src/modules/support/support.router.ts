import { adminProcedure, router } from "../../rpc/trpc.ts";
import * as service from "./support.service.ts";

export const supportRouter = router({
  /** Open tickets nobody on the team has answered yet. */
  getUnattendedTicketCount: adminProcedure.query(({ ctx }) => service.getUnattendedTicketCount(ctx.deps)),
});
