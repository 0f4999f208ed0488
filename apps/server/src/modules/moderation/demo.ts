// The demo's moderation queue, made through the same functions as real use: the demo reader and
// demo readers report what the seed's community wrote (a club post, a poll, a reel comment, a
// reel, a profile, a message, a story), a rights holder sends a notice about a title, and the demo
// admin warns one demo reader, who appeals: the superadmin, another moderator, can hear it.
import type { Age } from "@litverse/shared/constants";
import type { ModerationKind, ReportCategory } from "@litverse/shared/moderation";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import { queryRows } from "../../core/db/client.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { moderationItems } from "../reports/schema.ts";
import { DEMO_PERSONA_ISSUER } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { appealDecision } from "./appeals.service.ts";
import { decide } from "./decisions.service.ts";
import { submitNotice } from "./notices.service.ts";
import { report } from "./report.service.ts";

async function viewerWhere(deps: ServiceDeps, where: SQL | undefined): Promise<Viewer | null> {
  const [row] = await deps.db
    .select({ id: users.id, role: users.role, age: users.age })
    .from(users)
    .where(where);
  return row ? { id: row.id, role: row.role, age: row.age as Age | null } : null;
}

const demoAccount = (deps: ServiceDeps, email: string) =>
  viewerWhere(deps, and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, email)));

/** What the demo reader finds to report in the seed's community. */
function readerReports(readerId: string): {
  kind: ModerationKind;
  find: SQL;
  category: ReportCategory;
  details: string;
}[] {
  return [
    {
      kind: "club_post",
      find: sql`select p.id from club_posts p join clubs c on c.id = p.club_id join users u on u.id = p.author_id
        where c.privacy = 'public' and p.deleted_at is null and u.issuer = ${DEMO_PERSONA_ISSUER}
        order by p.created_at limit 1`,
      category: "harassment_hate",
      details: "Mocking another member.",
    },
    {
      kind: "club_poll",
      find: sql`select p.id from club_polls p join club_members m on m.club_id = p.club_id and m.user_id = ${readerId}
        where p.author_id <> ${readerId} order by p.created_at limit 1`,
      category: "other",
      details: "The question gives the ending away.",
    },
    {
      kind: "reel_comment",
      find: sql`select rc.id from reel_comments rc join users u on u.id = rc.author_id
        where rc.deleted_at is null and u.issuer = ${DEMO_PERSONA_ISSUER} order by rc.created_at limit 1`,
      category: "harassment_hate",
      details: "",
    },
    {
      kind: "reel",
      find: sql`select id from reels where status = 'published' and visibility = 'public'
        and creator_id <> ${readerId} order by published_at limit 1`,
      category: "misinformation",
      details: "Not what the book says.",
    },
    {
      kind: "message",
      find: sql`select m.id from messages m join users s on s.id = m.sender_id
        where s.issuer = ${DEMO_PERSONA_ISSUER} and m.recipient_id = ${readerId} and m.body <> ''
        order by m.created_at limit 1`,
      category: "harassment_hate",
      details: "Keeps writing to me after I asked them to stop.",
    },
    {
      kind: "story",
      find: sql`select id from stories where status = 'published' order by created_at limit 1`,
      category: "other",
      details: "A scene ends abruptly.",
    },
  ];
}

/** The queue, once; returns how many things it added. */
export async function seedDemoModeration(deps: ServiceDeps): Promise<number> {
  const [already] = await deps.db.select({ id: moderationItems.id }).from(moderationItems).limit(1);
  if (already) return 0;
  const reader = await demoAccount(deps, "reader@demo.test");
  const admin = await demoAccount(deps, "admin@demo.test");
  if (!reader || !admin) return 0;
  const personaOf = async (id: string | undefined) => (id ? viewerWhere(deps, eq(users.id, id)) : null);
  let added = 0;

  // A demo reader whose profile says they are a famous author: two others report it, the admin
  // warns them, and they appeal.
  const people = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from users where issuer = ${DEMO_PERSONA_ISSUER} and coalesce(age, 18) = 18 order by created_at limit 3`,
  );
  const [author, ...reporters] = (await Promise.all(people.map((person) => personaOf(person.id)))).filter(
    (person): person is Viewer => Boolean(person),
  );
  if (author && reporters.length === 2) {
    for (const reporter of reporters) {
      await report(deps, reporter, {
        kind: "profile",
        id: author.id,
        category: "other",
        details: "Says they wrote books they did not write.",
      });
    }
    const [item] = await deps.db
      .select({ id: moderationItems.id })
      .from(moderationItems)
      .where(eq(moderationItems.targetId, author.id));
    if (item) {
      const decision = await decide(deps, admin, {
        itemId: item.id,
        action: "warn",
        rule: "impersonation",
        explanation: "Your profile presented you as the author of books you did not write.",
      });
      await appealDecision(deps, author, {
        decisionId: decision.id,
        explanation: "It was a joke everyone in my club understood; I have changed my bio.",
      });
      added += 3;
    }
  }

  // What the demo reader reports: the first row each query finds, with why.
  for (const { kind, find, category, details } of readerReports(reader.id)) {
    const [found] = await queryRows<{ id: string }>(deps.db, find);
    if (!found) continue;
    await report(deps, reader, { kind, id: found.id, category, details });
    added += 1;
  }
  const [title] = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from content where status = 'published' order by created_at limit 1`,
  );
  if (title) {
    await submitNotice(deps, null, {
      url: `https://litverse.example/content/${title.id}`,
      explanation:
        "This edition reproduces our translation, which is still under copyright, without a licence from us.",
      legalGround: "Copyright: Directive 2001/29/EC, Article 2",
      name: "Northwind Translations Ltd",
      email: "rights@northwind.example",
      goodFaith: true,
    });
    added += 1;
  }
  return added;
}
