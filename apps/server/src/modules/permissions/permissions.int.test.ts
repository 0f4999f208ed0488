import { allSections } from "@litverse/shared/admin-permissions";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { auditEvents } from "../audit/schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

async function team() {
  const boss = await createUser(platform, "superadmin");
  const admin = await createUser(platform, "admin");
  return { boss, admin, asBoss: callerFor(platform, boss), asAdmin: callerFor(platform, admin) };
}

const titleNamed = (title: string) => ({ data: { contentType: "book" as const, title, author: "R. Marin" } });
const newTitle = titleNamed("A Quiet Harbour");

describe("an administrator's permissions", () => {
  it("start as the Administrator template: every section but people's accounts", async () => {
    const { asAdmin, asBoss, admin } = await team();
    const mine = await asAdmin.permissions.getMyAdminPermissions();
    expect(mine.grants).toEqual({ ...allSections("manage"), users: "none" });
    const listed = await asBoss.permissions.listAdminPermissions();
    const templates = await asBoss.permissions.listRoleTemplates();
    const administrator = templates.find((template) => template.key === "administrator");
    expect(listed.find((entry) => entry.userId === admin.id)).toMatchObject({
      role: "admin",
      templateId: administrator?._id,
      overrides: {},
    });
    expect(administrator?.holders).toBe(1);
    expect(templates.map((template) => template.name)).toEqual(
      expect.arrayContaining(["Administrator", "Editor", "Moderator", "Support agent", "Analyst"]),
    );
  });

  it("narrowed by a superadmin, refuse the next call and end the live queries they no longer allow", async () => {
    const { asAdmin, asBoss, admin } = await team();
    const templates = await asBoss.permissions.listRoleTemplates();
    const analyst = templates.find((template) => template.key === "analyst");
    const watch = watchLiveRuns(platform, () => asAdmin.stories.adminListStories({}));
    await watch.waitForRuns(1);
    expect(watch.errors).toEqual([]);

    await asBoss.permissions.setAdminPermissions({
      userId: admin.id,
      templateId: analyst?._id ?? null,
      overrides: { content: "manage" },
    });
    expect(await codeOf(watch.waitForRuns(2))).toBe("FORBIDDEN");
    watch.stop();

    expect(await refusalOf(asAdmin.stories.adminListStories({}))).toEqual({
      code: "FORBIDDEN",
      message: "Your permissions do not let you see interactive stories.",
    });
    // The analyst may see revenue but not refund; their own override lets them manage content.
    expect(
      await codeOf(asAdmin.revenue.getRevenueAnalytics({ from: "2026-11-01", to: "2026-11-30" })),
    ).not.toBe("FORBIDDEN");
    expect(
      await refusalOf(asAdmin.payments.refundPayment({ paymentId: crypto.randomUUID(), reason: "x" })),
    ).toEqual({
      code: "FORBIDDEN",
      message: "Your permissions let you see analytics but not change it.",
    });
    expect(await codeOf(asAdmin.contentAdmin.createContent(newTitle))).toBe("OK");
    expect((await asAdmin.permissions.getMyAdminPermissions()).grants).toMatchObject({
      analytics: "view",
      content: "manage",
      stories: "none",
    });

    // Every administrator keeps their own notifications, whatever they may do.
    await asBoss.permissions.setAdminPermissions({ userId: admin.id, templateId: null, overrides: {} });
    expect(await codeOf(asAdmin.adminNotifications.getUnreadCount())).toBe("OK");
    expect(await codeOf(asAdmin.contentAdmin.listContent({}))).toBe("FORBIDDEN");
  });

  it("are the superadmins' to give, to admins only, and changes are in the audit trail", async () => {
    const { asAdmin, asBoss, admin, boss } = await team();
    const reader = await createUser(platform);
    expect(await codeOf(asAdmin.permissions.listAdminPermissions())).toBe("FORBIDDEN");
    expect(
      await codeOf(
        asAdmin.permissions.setAdminPermissions({ userId: admin.id, templateId: null, overrides: {} }),
      ),
    ).toBe("FORBIDDEN");
    expect(
      await refusalOf(
        asBoss.permissions.setAdminPermissions({ userId: boss.id, templateId: null, overrides: {} }),
      ),
    ).toMatchObject({
      code: "BAD_REQUEST",
      message: "A superadmin may always do everything: there is nothing to narrow.",
    });
    expect(
      await refusalOf(
        asBoss.permissions.setAdminPermissions({ userId: reader.id, templateId: null, overrides: {} }),
      ),
    ).toMatchObject({ code: "BAD_REQUEST" });
    expect(
      await refusalOf(
        asBoss.permissions.setAdminPermissions({
          userId: admin.id,
          templateId: null,
          overrides: { everything: "manage" } as never,
        }),
      ),
    ).toMatchObject({ code: "BAD_REQUEST", message: "Not a section of the admin area" });
    expect(
      await codeOf(
        asBoss.permissions.setAdminPermissions({
          userId: admin.id,
          templateId: crypto.randomUUID(),
          overrides: {},
        }),
      ),
    ).toBe("NOT_FOUND");

    await asBoss.permissions.setAdminPermissions({
      userId: admin.id,
      templateId: null,
      overrides: { support: "view" },
    });
    const trail = await asBoss.audit.listAuditEvents({ filters: { action: "permissions." } });
    expect(trail.events).toHaveLength(1);
    expect(trail.events[0]).toMatchObject({
      source: "app",
      actorId: boss.id,
      action: "permissions.setAdminPermissions",
      section: "users",
      objectType: "admin-permissions",
      objectId: admin.id,
      address: "127.0.0.1",
      changes: [
        {
          objectType: "admin-permissions",
          objectId: admin.id,
          before: null,
          after: { templateId: null, overrides: { support: "view" } },
        },
      ],
    });
    expect(trail.events[0]?.actorLabel).toMatch(/superadmin\)$/);
  });

  it("come from templates that can be made, renamed and deleted when nobody holds them", async () => {
    const { asBoss, admin } = await team();
    const { templateId } = await asBoss.permissions.saveRoleTemplate({
      name: "Reels desk",
      description: "Reels only.",
      grants: { reels: "manage" },
    });
    expect(
      await refusalOf(asBoss.permissions.saveRoleTemplate({ name: "Reels desk", grants: {} })),
    ).toMatchObject({
      code: "CONFLICT",
      message: "There is already a template with this name.",
    });
    await asBoss.permissions.setAdminPermissions({ userId: admin.id, templateId, overrides: {} });
    expect(await refusalOf(asBoss.permissions.deleteRoleTemplate({ templateId }))).toMatchObject({
      code: "CONFLICT",
      message: "An admin has this template: give them another first.",
    });
    // Changing a template changes what its holders may do at once.
    await asBoss.permissions.saveRoleTemplate({ templateId, name: "Reels desk", grants: { reels: "view" } });
    const asAdmin = callerFor(platform, admin);
    expect((await asAdmin.permissions.getMyAdminPermissions()).grants.reels).toBe("view");

    const templates = await asBoss.permissions.listRoleTemplates();
    const administrator = templates.find((template) => template.key === "administrator");
    await asBoss.permissions.setAdminPermissions({
      userId: admin.id,
      templateId: administrator?._id ?? null,
      overrides: {},
    });
    await asBoss.permissions.deleteRoleTemplate({ templateId });
    expect((await asBoss.permissions.listRoleTemplates()).map((template) => template.name)).not.toContain(
      "Reels desk",
    );
    expect(
      await refusalOf(asBoss.permissions.deleteRoleTemplate({ templateId: administrator?._id ?? "" })),
    ).toMatchObject({
      code: "BAD_REQUEST",
      message: "The default template cannot be deleted: new admins start with it.",
    });
  });
});

describe("the audit trail", () => {
  it("records each administrator's change with the input, secrets hidden, and nothing for reads or refusals", async () => {
    const { asAdmin, admin } = await team();
    await asAdmin.contentAdmin.listContent({});
    expect(await codeOf(asAdmin.contentAdmin.deleteContent({ id: crypto.randomUUID() }))).toBe("NOT_FOUND");
    const created = await asAdmin.contentAdmin.createContent(newTitle);
    const rows = await platform.deps.db.select().from(auditEvents);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: "contentAdmin.createContent",
      section: "content",
      input: newTitle,
    });
    expect(created).toBeTruthy();
  });

  it("is append-only: an entry can be neither changed nor deleted", async () => {
    const { asAdmin } = await team();
    await asAdmin.contentAdmin.createContent(newTitle);
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => "changed",
        (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
      );
    const message = "The audit trail is append-only: its entries cannot be changed or deleted.";
    expect(await refusal(platform.deps.db.execute(sql`update audit_events set action = 'nothing'`))).toBe(
      message,
    );
    expect(await refusal(platform.deps.db.execute(sql`delete from audit_events`))).toBe(message);
  });

  it("is filtered, paged newest first, and exported as CSV that a spreadsheet reads as text", async () => {
    const { asBoss, boss } = await team();
    for (let index = 0; index < 55; index++) {
      await asBoss.contentAdmin.createContent(titleNamed(`=HYPERLINK("x") ${index}`));
    }
    const first = await asBoss.audit.listAuditEvents({ filters: { actorId: boss.id } });
    expect(first.events).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await asBoss.audit.listAuditEvents({
      filters: { actorId: boss.id },
      cursor: first.nextCursor,
    });
    expect(second.events).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.events, ...second.events].map((event) => event._id));
    expect(ids.size).toBe(55);
    expect((await asBoss.audit.listAuditEvents({ filters: { action: "support." } })).events).toEqual([]);
    expect(await codeOf(asBoss.audit.listAuditEvents({ filters: {}, cursor: "not-a-cursor" }))).toBe(
      "BAD_REQUEST",
    );
    expect(
      await refusalOf(asBoss.audit.listAuditEvents({ filters: { from: "2026-12-02", to: "2026-12-01" } })),
    ).toMatchObject({ code: "BAD_REQUEST", message: "The first day comes before the last" });

    const { csv, rows } = await asBoss.audit.exportAuditEvents({ action: "contentAdmin.createContent" });
    expect(rows).toBe(55);
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(56);
    expect(lines[0]).toBe(
      "at,source,actor,actor id,action,section,object type,object id,address,device,input,changes",
    );
    // The input cell starts with "{", so it is safe as it is; a bare formula would get a quote.
    expect(lines[1]).toContain('""title"":""=HYPERLINK(\\""x\\"") 54""');
  });
});
