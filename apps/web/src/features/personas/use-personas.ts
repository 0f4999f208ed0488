// The personas page's calls: the list (live: a reader writing moves its figures), making and
// editing a persona, its picture, and what the team says as it in clubs and under reels. Each
// outcome is told in a toast; a form's failure comes back as messages per field.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { useAccessToken } from "../../lib/auth/use-access-token.ts";
import { formErrorsOf } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import { UploadError, uploadFiles } from "../../lib/uploads.ts";
import { type PictureArea, personaFieldErrors } from "./persona-values.ts";

export function usePersonas() {
  return useLiveQuery(trpc.personas.listPersonas.queryOptions());
}

interface SaveCallbacks<Result = void> {
  onSaved: (result: Result) => void;
  /** Messages per field, and one for the form as a whole under "form". */
  onFailed: (errors: FieldErrors) => void;
}

export function useSavePersona() {
  const create = useMutation(trpc.personas.createPersona.mutationOptions());
  const update = useMutation(trpc.personas.updatePersona.mutationOptions());
  return {
    create: async (
      input: inferInput<typeof trpc.personas.createPersona>,
      { onSaved, onFailed }: SaveCallbacks<string>,
    ) => {
      try {
        const persona = await create.mutateAsync(input);
        toast.success(`Persona “${persona.person.name}” created`);
        onSaved(persona.person._id);
      } catch (error) {
        onFailed(personaFieldErrors(formErrorsOf(error, "Could not create the persona.")));
      }
    },
    update: async (
      input: inferInput<typeof trpc.personas.updatePersona>,
      { onSaved, onFailed }: SaveCallbacks,
    ) => {
      try {
        const persona = await update.mutateAsync(input);
        toast.success(`Persona “${persona.person.name}” saved`);
        onSaved();
      } catch (error) {
        onFailed(personaFieldErrors(formErrorsOf(error, "Could not save the persona.")));
      }
    },
    isPending: create.isPending || update.isPending,
  };
}

/** Uploads a picture (POST /api/uploads, as the profile picture does) and keeps `area` of it. */
export function useSetPersonaPicture() {
  const accessToken = useAccessToken();
  const setPicture = useMutation(trpc.personas.setPersonaPicture.mutationOptions());
  return {
    /** Resolves with a message to show when it failed, or null once the picture is saved. */
    save: async (personaId: string, file: File, area: PictureArea): Promise<string | null> => {
      try {
        const { uploadId } = await uploadFiles([file], accessToken);
        const size = Math.max(16, Math.min(Math.round(area.width), Math.round(area.height)));
        await setPicture.mutateAsync({
          personaId,
          uploadId,
          crop: { x: Math.max(0, Math.round(area.x)), y: Math.max(0, Math.round(area.y)), size },
        });
        return null;
      } catch (error) {
        if (error instanceof UploadError) return error.message;
        return formErrorsOf(error, "Could not save the picture.").form?.[0] ?? "Could not save the picture.";
      }
    },
  };
}

/** The clubs the persona may post in, asked for while the dialog is open. */
export function usePersonaClubs(personaId: string, enabled: boolean) {
  return useQuery({ ...trpc.personas.listPersonaClubs.queryOptions({ personaId }), enabled });
}

export function usePostAsPersona() {
  const post = useMutation(trpc.personas.postAsPersona.mutationOptions());
  return {
    post: async (
      input: inferInput<typeof trpc.personas.postAsPersona>,
      { onSaved, onFailed }: SaveCallbacks,
    ) => {
      try {
        await post.mutateAsync(input);
        toast.success("Posted in the club");
        onSaved();
      } catch (error) {
        onFailed(formErrorsOf(error, "Could not post in the club."));
      }
    },
    isPending: post.isPending,
  };
}

export function useCommentAsPersona() {
  const comment = useMutation(trpc.personas.commentAsPersona.mutationOptions());
  return {
    comment: async (
      input: inferInput<typeof trpc.personas.commentAsPersona>,
      { onSaved, onFailed }: SaveCallbacks,
    ) => {
      try {
        await comment.mutateAsync(input);
        toast.success("Comment posted on the reel");
        onSaved();
      } catch (error) {
        onFailed(formErrorsOf(error, "Could not comment on the reel."));
      }
    },
    isPending: comment.isPending,
  };
}
