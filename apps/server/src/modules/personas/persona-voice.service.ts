// What team members do as a persona: read and answer its messages, post in clubs and comment on
// reels. Each goes through the same service a reader's call does, with the persona as the caller;
// the team member behind it is kept on each message, and the audit trail records every call.
import type {
  PersonaChatMessage,
  PersonaClubChoice,
  PersonaConversation,
  PersonaInbox,
  PersonaMessagePage,
} from "@litverse/shared/personas";
import type {
  personaClubPostInput,
  personaMessagePageInput,
  personaReelCommentInput,
  sendPersonaMessageInput,
} from "@litverse/shared/personas-inputs";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import { queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { createClubPost, joinClub } from "../clubs/index.ts";
import {
  acceptMessageRequest,
  getConversation,
  listConversations,
  listMessages,
  sendMessage,
  teamWritersOf,
  viewConversation,
} from "../messages/index.ts";
import { personById } from "../profiles/index.ts";
import { addComment } from "../reels/index.ts";
import { NO_SUCH_PERSONA, personaViewer } from "./persona-access.ts";

async function personaSummary(deps: ServiceDeps, personaId: string) {
  const persona = await personById(deps.db, personaId);
  // Found by personaViewer a moment ago; gone only if deleted in between.
  if (!persona) throw new AppError("NOT_FOUND", NO_SUCH_PERSONA);
  return persona;
}

/** Everyone who wrote to the persona (and whom it wrote to), most recent first. Live. */
export async function getPersonaInbox(deps: ServiceDeps, personaId: string): Promise<PersonaInbox> {
  const persona = await personaViewer(deps.db, personaId);
  const inbox = await listConversations(deps, persona);
  return { ...inbox, persona: await personaSummary(deps, personaId) };
}

export async function getPersonaConversation(
  deps: ServiceDeps,
  personaId: string,
  partnerId: string,
): Promise<PersonaConversation> {
  const persona = await personaViewer(deps.db, personaId);
  const view = await getConversation(deps, persona, partnerId);
  return { ...view, persona: await personaSummary(deps, personaId) };
}

/** A page of the conversation, newest first, each persona message naming who on the team wrote it. */
export async function listPersonaMessages(
  deps: ServiceDeps,
  input: z.output<typeof personaMessagePageInput>,
): Promise<PersonaMessagePage> {
  const persona = await personaViewer(deps.db, input.personaId);
  const page = await listMessages(deps, persona, input);
  const writers = await teamWritersOf(
    deps.db,
    page.items.filter((message) => message.fromMe).map((message) => message._id),
  );
  const items: PersonaChatMessage[] = page.items.map((message) => ({
    ...message,
    answeredBy: writers.get(message._id) ?? null,
  }));
  return { items, nextCursor: page.nextCursor };
}

/** Answers as the persona; the team member is kept on the message and in the audit trail. */
export async function sendPersonaMessage(
  deps: ServiceDeps,
  teamMember: SessionUser,
  input: z.output<typeof sendPersonaMessageInput>,
): Promise<PersonaChatMessage> {
  const persona = await personaViewer(deps.db, input.personaId);
  const message = await sendMessage(deps, persona, input, { writtenBy: teamMember.id });
  noteChange({
    objectType: "message",
    objectId: message._id,
    before: null,
    after: {
      personaId: persona.id,
      partnerId: input.partnerId,
      body: message.body,
      writtenBy: teamMember.id,
    },
  });
  const writer = await personById(deps.db, teamMember.id);
  return { ...message, answeredBy: writer ? { _id: writer._id, name: writer.name } : null };
}

/** Marks what the reader sent as read by the persona: the team has seen it. */
export async function markPersonaConversationRead(
  deps: ServiceDeps,
  personaId: string,
  partnerId: string,
): Promise<void> {
  const persona = await personaViewer(deps.db, personaId);
  // Opening and leaving at once reads what came without holding back the reader's notices.
  await viewConversation(deps, persona, partnerId, true);
  await viewConversation(deps, persona, partnerId, false);
}

export async function acceptPersonaRequest(
  deps: ServiceDeps,
  personaId: string,
  partnerId: string,
): Promise<void> {
  const persona = await personaViewer(deps.db, personaId);
  await acceptMessageRequest(deps, persona, partnerId);
}

/** The clubs a persona may post in: public ones and those it belongs to, by name. */
export async function listPersonaClubs(deps: ServiceDeps, personaId: string): Promise<PersonaClubChoice[]> {
  const persona = await personaViewer(deps.db, personaId);
  const rows = await queryRows<{ id: string; name: string; is_member: boolean }>(
    deps.db,
    sql`select c.id, c.name, (m.status = 'active') is true as is_member
        from clubs c
        left join club_members m on m.club_id = c.id and m.user_id = ${persona.id}
        where c.privacy = 'public' or m.status = 'active'
        order by lower(c.name)
        limit 200`,
  );
  return rows.map((row) => ({ _id: row.id, name: row.name, isMember: row.is_member }));
}

export const NOT_A_PERSONA_CLUB =
  "Personas post in public clubs and in clubs they belong to; this club is private.";

/** A post in a club as the persona; it joins a public club first when it is not a member yet. */
export async function postAsPersona(
  deps: ServiceDeps,
  input: z.output<typeof personaClubPostInput>,
): Promise<{ postId: string }> {
  const persona = await personaViewer(deps.db, input.personaId);
  const [club] = await queryRows<{ privacy: string; status: string | null }>(
    deps.db,
    sql`select c.privacy, m.status from clubs c
        left join club_members m on m.club_id = c.id and m.user_id = ${persona.id}
        where c.id = ${input.clubId}`,
  );
  if (!club) throw new AppError("NOT_FOUND", "That club is not here.");
  if (club.status !== "active") {
    if (club.privacy !== "public") throw new AppError("CONFLICT", NOT_A_PERSONA_CLUB);
    await joinClub(deps, persona, input.clubId);
  }
  const result = await createClubPost(deps, persona, {
    clubId: input.clubId,
    parentId: input.parentId,
    milestoneId: null,
    body: input.body,
    spoilerEpisode: null,
  });
  noteChange({
    objectType: "club-post",
    objectId: result.postId,
    before: null,
    after: { personaId: persona.id, clubId: input.clubId, body: input.body },
  });
  return result;
}

export async function commentAsPersona(
  deps: ServiceDeps,
  input: z.output<typeof personaReelCommentInput>,
): Promise<{ commentId: string }> {
  const persona = await personaViewer(deps.db, input.personaId);
  const result = await addComment(deps, persona, {
    reelId: input.reelId,
    text: input.text,
    parentId: input.parentId ?? null,
  });
  noteChange({
    objectType: "reel-comment",
    objectId: result.commentId,
    before: null,
    after: { personaId: persona.id, reelId: input.reelId, text: input.text },
  });
  return result;
}
