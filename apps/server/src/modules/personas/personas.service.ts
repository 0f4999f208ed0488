// The team's personas: made and edited by team members with the support permission, each an
// account of its own (issuer TEAM_PERSONA_ISSUER) that nobody signs in as.
import { randomUUID } from "node:crypto";
import type { TeamPersona } from "@litverse/shared/personas";
import type {
  createPersonaInput,
  setPersonaPictureInput,
  updatePersonaInput,
} from "@litverse/shared/personas-inputs";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import { queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { inboxTopic } from "../messages/topics.ts";
import {
  editProfile,
  ensureProfileRow,
  handleRefusal,
  personColumns,
  personTopic,
  setAvatarOf,
  toPersonSummary,
} from "../profiles/index.ts";
import { profiles } from "../profiles/schema.ts";
import { TEAM_PERSONA_ISSUER } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { NO_SUCH_PERSONA, personaViewer } from "./persona-access.ts";
import { PERSONAS_TOPIC } from "./topics.ts";

interface InboxFigures {
  user_id: string;
  conversations: number;
  unread: number;
  last_message_at: Date | null;
}

/** Every persona, newest first, with how many conversations it has and what the team has not read. */
export function listPersonas(deps: ServiceDeps): Promise<TeamPersona[]> {
  return personasWhere(deps, null);
}

export async function getPersona(deps: ServiceDeps, personaId: string): Promise<TeamPersona> {
  const [persona] = await personasWhere(deps, personaId);
  if (!persona) throw new AppError("NOT_FOUND", NO_SUCH_PERSONA);
  return persona;
}

/** All personas, or the one with this id. */
async function personasWhere(deps: ServiceDeps, personaId: string | null): Promise<TeamPersona[]> {
  track(PERSONAS_TOPIC);
  const rows = await deps.db
    .select({
      ...personColumns,
      bio: profiles.bio,
      favouriteGenres: profiles.favouriteGenres,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        sql`${users.issuer} = ${TEAM_PERSONA_ISSUER} and ${users.deletedAt} is null`,
        personaId ? eq(users.id, personaId) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt));
  track(...rows.map((row) => inboxTopic(row.id)));
  const figures = await inboxFigures(
    deps,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const inbox = figures.get(row.id);
    return {
      person: toPersonSummary(row),
      bio: row.bio ?? "",
      favouriteGenres: row.favouriteGenres ?? [],
      createdAt: row.createdAt.toISOString(),
      conversationCount: inbox?.conversations ?? 0,
      unreadCount: inbox?.unread ?? 0,
      lastMessageAt: inbox?.last_message_at ? new Date(inbox.last_message_at).toISOString() : null,
    };
  });
}

async function inboxFigures(deps: ServiceDeps, ids: string[]): Promise<Map<string, InboxFigures>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<InboxFigures>(
    deps.db,
    sql`select m.user_id,
          count(*) filter (where c.last_message_id is not null)::int as conversations,
          coalesce(sum((select count(*) from messages u
             where u.conversation_id = c.id and u.recipient_id = m.user_id and u.read_at is null)), 0)::int as unread,
          max((select max(r.created_at) from messages r
             where r.conversation_id = c.id and r.recipient_id = m.user_id)) as last_message_at
        from conversation_members m
        join conversations c on c.id = m.conversation_id
        where m.user_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by m.user_id`,
  );
  return new Map(rows.map((row) => [row.user_id, row]));
}

/** What the audit trail keeps of a persona, before and after a change. */
async function snapshot(deps: ServiceDeps, personaId: string) {
  const persona = await getPersona(deps, personaId);
  return {
    name: persona.person.name,
    handle: persona.person.handle,
    bio: persona.bio,
    favouriteGenres: persona.favouriteGenres,
    avatarUrl: persona.person.avatarUrl,
  };
}

export async function createPersona(
  deps: ServiceDeps,
  creator: SessionUser,
  input: z.output<typeof createPersonaInput>,
): Promise<TeamPersona> {
  const personaId = await deps.changes.inTransaction(deps.db, async (tx) => {
    const refusal = await handleRefusal(tx, input.handle, null);
    if (refusal) throw refusal;
    const [row] = await tx
      .insert(users)
      .values({
        issuer: TEAM_PERSONA_ISSUER,
        subject: randomUUID(),
        name: input.name,
        handle: input.handle,
        role: "user",
        age: 18,
      })
      .returning({ id: users.id });
    if (!row) throw new AppError("CONFLICT", "Could not make the persona.");
    await ensureProfileRow(tx, row.id);
    await tx
      .update(profiles)
      .set({ displayName: input.name, bio: input.bio, favouriteGenres: [...new Set(input.favouriteGenres)] })
      .where(eq(profiles.userId, row.id));
    deps.changes.changed(PERSONAS_TOPIC);
    return row.id;
  });
  const after = await snapshot(deps, personaId);
  noteChange({
    objectType: "persona",
    objectId: personaId,
    before: null,
    after: { ...after, createdBy: creator.id },
  });
  return getPersona(deps, personaId);
}

export async function updatePersona(
  deps: ServiceDeps,
  input: z.output<typeof updatePersonaInput>,
): Promise<TeamPersona> {
  const persona = await personaViewer(deps.db, input.personaId);
  const before = await snapshot(deps, persona.id);
  await editProfile(deps, persona.id, {
    ...(input.name !== undefined && { displayName: input.name }),
    ...(input.handle !== undefined && { handle: input.handle }),
    ...(input.bio !== undefined && { bio: input.bio }),
    ...(input.favouriteGenres !== undefined && { favouriteGenres: input.favouriteGenres }),
  });
  deps.changes.changed(PERSONAS_TOPIC, personTopic(persona.id));
  noteChange({
    objectType: "persona",
    objectId: persona.id,
    before,
    after: await snapshot(deps, persona.id),
  });
  return getPersona(deps, persona.id);
}

/** A picture a team member uploaded, cropped, as the persona's avatar. */
export async function setPersonaPicture(
  deps: ServiceDeps,
  teamMember: SessionUser,
  input: z.output<typeof setPersonaPictureInput>,
): Promise<TeamPersona> {
  const persona = await personaViewer(deps.db, input.personaId);
  const before = await snapshot(deps, persona.id);
  await setAvatarOf(deps, persona.id, {
    uploaderId: teamMember.id,
    uploadId: input.uploadId,
    crop: input.crop,
  });
  deps.changes.changed(PERSONAS_TOPIC);
  noteChange({
    objectType: "persona",
    objectId: persona.id,
    before,
    after: await snapshot(deps, persona.id),
  });
  return getPersona(deps, persona.id);
}
