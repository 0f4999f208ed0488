import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { createNotification } from "../notifications/notifications.service.ts";
import { openSupportTicket, recordFirstResponse, setTicketStatus } from "./support.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

describe("support.getUnattendedTicketCount", () => {
  it("counts open tickets nobody has answered yet", async () => {
    const user = await createUser(platform);
    const admin = callerFor(platform, await createUser(platform, "admin"));
    expect(await admin.support.getUnattendedTicketCount()).toBe(0);

    const answered = await openSupportTicket(platform.deps, user.id, "Answered");
    const resolved = await openSupportTicket(platform.deps, user.id, "Resolved");
    const closed = await openSupportTicket(platform.deps, user.id, "Closed");
    await openSupportTicket(platform.deps, user.id, "Waiting 1");
    await openSupportTicket(platform.deps, user.id, "Waiting 2");
    expect(await admin.support.getUnattendedTicketCount()).toBe(5);

    const response = await recordFirstResponse(platform.deps, answered.id);
    expect(response).toMatchObject({ status: "in_progress" });
    expect(response.firstResponseAt).toBeInstanceOf(Date);
    await setTicketStatus(platform.deps, resolved.id, "resolved");
    await setTicketStatus(platform.deps, closed.id, "closed");
    expect(await admin.support.getUnattendedTicketCount()).toBe(2);

    // A ticket reopened after an answer has been attended to.
    await setTicketStatus(platform.deps, answered.id, "open");
    expect(await admin.support.getUnattendedTicketCount()).toBe(2);
    // The first answer's time stays.
    const again = await recordFirstResponse(platform.deps, answered.id);
    expect(again.firstResponseAt).toEqual(response.firstResponseAt);
  });

  it("refuses anonymous callers and ordinary users", async () => {
    await expect(callerFor(platform).support.getUnattendedTicketCount()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const user = callerFor(platform, await createUser(platform));
    await expect(user.support.getUnattendedTicketCount()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("refuses tickets without a subject and unknown statuses", async () => {
    const user = await createUser(platform);
    await expect(openSupportTicket(platform.deps, user.id, "  ")).rejects.toThrow(/subject/);
    const ticket = await openSupportTicket(platform.deps, user.id, "Help");
    // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong input
    await expect(setTicketStatus(platform.deps, ticket.id, "lost" as any)).rejects.toThrow();
  });

  it("re-runs live when tickets change, not for unrelated changes", async () => {
    const user = await createUser(platform);
    const admin = callerFor(platform, await createUser(platform, "superadmin"));
    const live = watchLiveRuns(platform, () => admin.support.getUnattendedTicketCount());
    await live.waitForRuns(1);
    expect(live.latest).toBe(0);

    await createNotification(platform.deps, user.id, { kind: "system", title: "Unrelated" });
    await live.settle();
    expect(live.runs).toBe(1);

    const ticket = await openSupportTicket(platform.deps, user.id, "Help");
    await live.waitForRuns(2);
    expect(live.latest).toBe(1);

    await recordFirstResponse(platform.deps, ticket.id);
    await live.waitForRuns(3);
    expect(live.latest).toBe(0);
    live.stop();
  });
});
