// POST /api/reels/events: watch events sent with `navigator.sendBeacon` as a page is hidden or
// closed, when a function call may never finish. A beacon can set no Authorization header, so the
// body carries the feed's watch token instead (`{ token, sessionId, events }`, as text/plain or
// JSON); the events then go through the same checks as `reels.recordWatchEvents`, on the same
// write budget.

import type { Age } from "@litverse/shared/constants";
import { REEL_EVENTS_PATH } from "@litverse/shared/reels";
import { watchEventsBeaconInput } from "@litverse/shared/reels-inputs";
import { isAdminRole } from "@litverse/shared/users";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { personBudgetKey, type RateLimits } from "../../core/limits/rate-limits.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { isOpenToEveryone, spendWrite } from "../../http/http-caller.ts";
import { users } from "../users/schema.ts";
import { recordWatchEvents } from "./watch-events.service.ts";
import { verifyWatchToken } from "./watch-token.ts";

/** A full batch of events is about 8 KB; beacons are limited to 64 KB by browsers anyway. */
const BODY_LIMIT = 64 * 1024;

export async function registerReelEvents(app: FastifyInstance, deps: ServiceDeps, rates: RateLimits) {
  app.post(REEL_EVENTS_PATH, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    let body: unknown = request.body;
    if (typeof body === "string") {
      try {
        body = JSON.parse(body);
      } catch {
        return reply.code(400).send({ error: "Bad Request", message: "Send the events as JSON." });
      }
    }
    const parsed = watchEventsBeaconInput.safeParse(body);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Those events are not valid.";
      return reply.code(400).send({ error: "Bad Request", message });
    }
    const userId = await verifyWatchToken(deps, parsed.data.token);
    const [user] = userId ? await deps.db.select().from(users).where(eq(users.id, userId)) : [];
    if (!user) {
      return reply
        .code(401)
        .send({ error: "Unauthorized", message: "That watch token is not valid any more." });
    }
    if (!isAdminRole(user.role) && !(await isOpenToEveryone(reply, deps))) return reply;
    if (
      !(await spendWrite(reply, rates, personBudgetKey({ issuerKey: user.issuer, subject: user.subject })))
    ) {
      return reply;
    }
    const { sessionId, events } = parsed.data;
    return recordWatchEvents(
      deps,
      { id: user.id, role: user.role, age: user.age as Age | null },
      { sessionId, events },
    );
  });
}
