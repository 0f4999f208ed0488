import {
  createPersonaInput,
  personaClubPostInput,
  personaIdInput,
  personaMessagePageInput,
  personaPartnerInput,
  personaReelCommentInput,
  sendPersonaMessageInput,
  setPersonaPictureInput,
  updatePersonaInput,
} from "@litverse/shared/personas-inputs";
import { adminProcedure, router } from "../../rpc/trpc.ts";
import * as voice from "./persona-voice.service.ts";
import * as personas from "./personas.service.ts";

// The team's personas belong to the support section: answering readers is support's work. Every
// call is audited with the team member who made it, whose words the persona carries.
export const personasRouter = router({
  listPersonas: adminProcedure("support").query(({ ctx }) => personas.listPersonas(ctx.deps)),
  getPersona: adminProcedure("support")
    .input(personaIdInput)
    .query(({ ctx, input }) => personas.getPersona(ctx.deps, input.personaId)),
  createPersona: adminProcedure("support")
    .input(createPersonaInput)
    .mutation(({ ctx, input }) => personas.createPersona(ctx.deps, ctx.user, input)),
  updatePersona: adminProcedure("support")
    .input(updatePersonaInput)
    .mutation(({ ctx, input }) => personas.updatePersona(ctx.deps, input)),
  setPersonaPicture: adminProcedure("support")
    .input(setPersonaPictureInput)
    .mutation(({ ctx, input }) => personas.setPersonaPicture(ctx.deps, ctx.user, input)),
  /** Everyone who wrote to the persona. Live. */
  getPersonaInbox: adminProcedure("support")
    .input(personaIdInput)
    .query(({ ctx, input }) => voice.getPersonaInbox(ctx.deps, input.personaId)),
  getPersonaConversation: adminProcedure("support")
    .input(personaPartnerInput)
    .query(({ ctx, input }) => voice.getPersonaConversation(ctx.deps, input.personaId, input.partnerId)),
  listPersonaMessages: adminProcedure("support")
    .input(personaMessagePageInput)
    .query(({ ctx, input }) => voice.listPersonaMessages(ctx.deps, input)),
  sendPersonaMessage: adminProcedure("support")
    .meta({ rateLimit: "message" })
    .input(sendPersonaMessageInput)
    .mutation(({ ctx, input }) => voice.sendPersonaMessage(ctx.deps, ctx.user, input)),
  markPersonaConversationRead: adminProcedure("support")
    .input(personaPartnerInput)
    .mutation(({ ctx, input }) =>
      voice.markPersonaConversationRead(ctx.deps, input.personaId, input.partnerId),
    ),
  acceptPersonaRequest: adminProcedure("support")
    .input(personaPartnerInput)
    .mutation(({ ctx, input }) => voice.acceptPersonaRequest(ctx.deps, input.personaId, input.partnerId)),
  listPersonaClubs: adminProcedure("support")
    .input(personaIdInput)
    .query(({ ctx, input }) => voice.listPersonaClubs(ctx.deps, input.personaId)),
  postAsPersona: adminProcedure("support")
    .meta({ rateLimit: "message" })
    .input(personaClubPostInput)
    .mutation(({ ctx, input }) => voice.postAsPersona(ctx.deps, input)),
  commentAsPersona: adminProcedure("support")
    .meta({ rateLimit: "message" })
    .input(personaReelCommentInput)
    .mutation(({ ctx, input }) => voice.commentAsPersona(ctx.deps, input)),
});
