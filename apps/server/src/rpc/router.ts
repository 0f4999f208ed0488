// The one router: every function of the platform, by `<area>.<verbNoun>` name.
import { sessionRouter } from "../modules/session/session.router.ts";
import { systemSettingsRouter } from "../modules/system-settings/system-settings.router.ts";
import { usersRouter } from "../modules/users/users.router.ts";
import { createLiveRouter } from "./live-router.ts";
import { router } from "./trpc.ts";

const areas = {
  session: sessionRouter,
  systemSettings: systemSettingsRouter,
  users: usersRouter,
};

/** Everything but `live` itself: what `live.watch` may subscribe to. */
const areasRouter = router(areas);

export const appRouter = router({
  ...areas,
  live: createLiveRouter(areasRouter),
});

export type AppRouter = typeof appRouter;
