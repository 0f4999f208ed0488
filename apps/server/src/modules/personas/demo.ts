// The demo's persona: a reading guide the team runs, made by the demo admin through the same
// functions as the Fictitious Users page. The demo reader has asked it for a recommendation and
// the admin answered as it; it welcomes readers in the public demo club and on a reel.
import { and, eq, sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import { queryRows } from "../../core/db/client.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { sendMessage, viewConversation } from "../messages/index.ts";
import { users } from "../users/schema.ts";
import { commentAsPersona, postAsPersona, sendPersonaMessage } from "./persona-voice.service.ts";
import { createPersona } from "./personas.service.ts";

export const DEMO_PERSONA = {
  name: "Wren, your reading guide",
  handle: "wren_reads",
  bio: "I help readers find their next book. Write to me any time: someone from the Litverse team answers.",
  favouriteGenres: ["Classics", "Adventure", "Mystery"],
};

async function demoAccount(deps: ServiceDeps, email: string): Promise<SessionUser | null> {
  const [row] = await deps.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.issuer, EMBEDDED_ISSUER_KEY), eq(users.email, email)));
  return row ?? null;
}

/** The persona and its first conversation, once; returns how many things it added. */
export async function seedDemoPersonas(deps: ServiceDeps): Promise<number> {
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.handle}) = ${DEMO_PERSONA.handle}`);
  if (existing) return 0;
  const admin = await demoAccount(deps, "admin@demo.test");
  const reader = await demoAccount(deps, "reader@demo.test");
  if (!admin || !reader) return 0;

  const persona = await createPersona(deps, admin, DEMO_PERSONA);
  const personaId = persona.person._id;
  await sendMessage(deps, reader, {
    partnerId: personaId,
    body: "Hi Wren! I loved Moby-Dick. What should I read next?",
  });
  // The reader waits with the conversation open: the answer is read as it comes, with no notice.
  await viewConversation(deps, reader, personaId, true);
  await sendPersonaMessage(deps, admin, {
    personaId,
    partnerId: reader.id,
    body: "Lovely to hear! If you liked the sea and the chase, try Twenty Thousand Leagues Under the Seas next.",
  });
  // The open conversation reads what arrived, as the reader's app does when a message comes in.
  await viewConversation(deps, reader, personaId, true);
  await sendMessage(deps, reader, { partnerId: personaId, body: "Thank you, adding it to my library now." });
  await viewConversation(deps, reader, personaId, false);

  const [club] = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from clubs where privacy = 'public' order by created_at limit 1`,
  );
  if (club) {
    await postAsPersona(deps, {
      personaId,
      clubId: club.id,
      parentId: null,
      body: "Hello, I'm Wren from the Litverse team. Tell me what you're reading and I'll suggest what comes next.",
    });
  }
  const [reel] = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from reels where status = 'published' and visibility = 'public' order by published_at desc limit 1`,
  );
  if (reel) {
    await commentAsPersona(deps, { personaId, reelId: reel.id, text: "This one is a favourite of ours!" });
  }
  return 1 + 3 + (club ? 1 : 0) + (reel ? 1 : 0);
}
