// What the community personas' functions accept.
import { z } from "zod";
import { CLUB_POST_MAX_LENGTH } from "./clubs.ts";
import { messagePageInput, partnerInput, sendMessageInput } from "./messages-inputs.ts";
import { DISPLAY_NAME_MAX_LENGTH } from "./people.ts";
import { avatarCropSchema, handleSchema, updateProfileInput } from "./people-inputs.ts";
import { addCommentInput } from "./reels-inputs.ts";
import { visibleString } from "./visible-text.ts";

const personaId = z.uuid("Not a valid persona");

export const personaIdInput = z.object({ personaId }).strict();

const personaDetails = {
  name: visibleString("A name")
    .min(1, "Give the persona a name")
    .max(DISPLAY_NAME_MAX_LENGTH, `A name is at most ${DISPLAY_NAME_MAX_LENGTH} characters`),
  handle: handleSchema,
  bio: updateProfileInput.shape.bio.unwrap(),
  favouriteGenres: updateProfileInput.shape.favouriteGenres.unwrap(),
};

export const createPersonaInput = z.object(personaDetails).strict();

export const updatePersonaInput = z
  .object({
    personaId,
    name: personaDetails.name.optional(),
    handle: personaDetails.handle.optional(),
    bio: personaDetails.bio.optional(),
    favouriteGenres: personaDetails.favouriteGenres.optional(),
  })
  .strict();

export const setPersonaPictureInput = z
  .object({ personaId, uploadId: z.uuid("Not a valid upload"), crop: avatarCropSchema })
  .strict();

export const personaPartnerInput = partnerInput.extend({ personaId }).strict();

export const personaMessagePageInput = messagePageInput.extend({ personaId }).strict();

export const sendPersonaMessageInput = sendMessageInput.extend({ personaId }).strict();

/** A post (or a reply to one) in a club, written as the persona; text only. */
export const personaClubPostInput = z
  .object({
    personaId,
    clubId: z.uuid("Not a valid club"),
    parentId: z.uuid("Not a valid post").nullable().default(null),
    body: visibleString("A post")
      .min(1, "Write something first")
      .max(CLUB_POST_MAX_LENGTH, `A post can be at most ${CLUB_POST_MAX_LENGTH} characters`),
  })
  .strict();

export const personaReelCommentInput = addCommentInput.extend({ personaId }).strict();
