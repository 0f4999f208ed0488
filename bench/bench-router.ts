// The router the benchmarks serve: the app's areas, a `bench` area with a per-user live query and
// the writes that drive it, and `live.watch` over both. Built with the server's own builders, so
// calls go through the same middleware, live engine and change plumbing as the real app.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { track } from "../apps/server/src/core/live/topics.ts";
import { systemSettingsRouter } from "../apps/server/src/modules/system-settings/system-settings.router.ts";
import { updateComingSoonSettings } from "../apps/server/src/modules/system-settings/system-settings.service.ts";
import { users } from "../apps/server/src/modules/users/schema.ts";
import { createLiveRouter } from "../apps/server/src/rpc/live-router.ts";
import { publicProcedure, router } from "../apps/server/src/rpc/trpc.ts";

/** Topic of one user's row, as a service reading or writing it would announce it. */
export const userTopic = (id: string) => `user:${id}`;

const INSERT_CHUNK = 500;

/** This process's clock in epoch milliseconds, sub-millisecond precision (see /bench/clock). */
export const clockNow = () => performance.timeOrigin + performance.now();

const benchArea = router({
  /** One row of the real `users` table; each client watches its own. */
  getUserName: publicProcedure
    .meta({ liveScope: "global" })
    .input(z.object({ id: z.uuid() }))
    .query(async ({ ctx, input }) => {
      track(userTopic(input.id));
      const [row] = await ctx.deps.db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.id, input.id));
      return row ?? null;
    }),

  renameUser: publicProcedure
    .input(z.object({ id: z.uuid(), name: z.string().min(1).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const { changes, db } = ctx.deps;
      await changes.inTransaction(db, async (tx) => {
        await tx.update(users).set({ name: input.name }).where(eq(users.id, input.id));
        changes.changed(userTopic(input.id));
      });
      // Committed, and the change handed to the bus: from here on the clients' wait is fan-out.
      return { committedAt: clockNow() };
    }),

  /** The shared change: what `systemSettings.updateComingSoonSettings` does, without the superadmin. */
  setComingSoonTitle: publicProcedure
    .input(z.object({ title: z.string().min(1).max(120) }))
    .mutation(async ({ ctx, input }) => {
      const settings = await updateComingSoonSettings(ctx.deps, { comingSoonTitle: input.title });
      return { settings, committedAt: clockNow() };
    }),

  /** Stores `count` users and returns their ids, for the clients to watch. */
  createUsers: publicProcedure
    .input(z.object({ count: z.number().int().min(1).max(20_000) }))
    .mutation(async ({ ctx, input }) => {
      const ids: string[] = [];
      for (let done = 0; done < input.count; done += INSERT_CHUNK) {
        const size = Math.min(INSERT_CHUNK, input.count - done);
        const rows = await ctx.deps.db
          .insert(users)
          .values(
            Array.from({ length: size }, (_, index) => ({
              issuer: "https://bench.invalid",
              subject: `bench-${randomUUID()}`,
              name: `Reader ${done + index + 1}`,
            })),
          )
          .returning({ id: users.id });
        for (const row of rows) ids.push(row.id);
      }
      return ids;
    }),
});

const areas = {
  systemSettings: systemSettingsRouter,
  bench: benchArea,
};

/** What `live.watch` may subscribe to: everything but `live` itself. */
const areasRouter = router(areas);

export const benchRouter = router({
  ...areas,
  live: createLiveRouter(areasRouter),
});

export type BenchRouter = typeof benchRouter;
