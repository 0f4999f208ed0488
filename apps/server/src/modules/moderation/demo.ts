// The demo's moderation queue, made through the same functions as real use: the demo reader and
// demo readers report what the seed's community wrote (club posts, a poll, a reel comment, a
// reel, a profile, a message, a story), a rights holder sends a notice about a title, and the demo admin
// removes one post, whose author appeals: the superadmin, another moderator, can hear it.
import type { Age } from "@litverse/shared/constants";
import { and, eq, sql } from "drizzle-orm";
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

async function viewerWhere(deps: ServiceDeps, where: ReturnType<typeof eq>): Promise<Viewer | null> {
  const [row] = await deps.db
    .select({ id: users.id, role: users.role, age: users.age })
    .from(users)
    .where(where);
  return row ? { id: row.id, role: row.role, age: row.age as Age | null } : null;
}

const demoAccount = (deps: ServiceDeps, email: string) =>
  viewerWhere(
    deps,
    and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, email)) as ReturnType<typeof eq>,
  );

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

  // A post by a demo reader in a public club, which the reader reports.
  const [post] = await queryRows<{ id: string }>(
    deps.db,
    sql`select p.id from club_posts p join clubs c on c.id = p.club_id join users u on u.id = p.author_id
      where c.privacy = 'public' and p.deleted_at is null and u.issuer = ${DEMO_PERSONA_ISSUER}
      order by p.created_at limit 1`,
  );
  if (post) {
    await report(deps, reader, {
      kind: "club_post",
      id: post.id,
      category: "harassment_hate",
      details: "Mocking another member.",
    });
    added += 1;
  }

  // A poll in a club the reader is in, which they report.
  const [poll] = await queryRows<{ id: string }>(
    deps.db,
    sql`select p.id from club_polls p join club_members m on m.club_id = p.club_id and m.user_id = ${reader.id}
      where p.author_id <> ${reader.id} order by p.created_at limit 1`,
  );
  if (poll) {
    await report(deps, reader, {
      kind: "club_poll",
      id: poll.id,
      category: "other",
      details: "The question gives the ending away.",
    });
    added += 1;
  }

  // A comment on a reel and a reel, reported by the reader.
  const [comment] = await queryRows<{ id: string }>(
    deps.db,
    sql`select rc.id from reel_comments rc join users u on u.id = rc.author_id
      where rc.deleted_at is null and u.issuer = ${DEMO_PERSONA_ISSUER} order by rc.created_at limit 1`,
  );
  if (comment) {
    await report(deps, reader, {
      kind: "reel_comment",
      id: comment.id,
      category: "harassment_hate",
      details: "",
    });
    added += 1;
  }
  const [reel] = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from reels where status = 'published' and visibility = 'public' and creator_id <> ${reader.id}
      order by published_at limit 1`,
  );
  if (reel) {
    await report(deps, reader, {
      kind: "reel",
      id: reel.id,
      category: "misinformation",
      details: "Not what the book says.",
    });
    added += 1;
  }

  // A message a demo reader sent the reader, which the reader reports.
  const [message] = await queryRows<{ id: string }>(
    deps.db,
    sql`select m.id from messages m join users s on s.id = m.sender_id
      where s.issuer = ${DEMO_PERSONA_ISSUER} and m.recipient_id = ${reader.id} and m.body <> ''
      order by m.created_at limit 1`,
  );
  if (message) {
    await report(deps, reader, {
      kind: "message",
      id: message.id,
      category: "harassment_hate",
      details: "Keeps writing to me after I asked them to stop.",
    });
    added += 1;
  }

  const [story] = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from stories where status = 'published' order by created_at limit 1`,
  );
  if (story) {
    await report(deps, reader, {
      kind: "story",
      id: story.id,
      category: "other",
      details: "A scene ends abruptly.",
    });
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
