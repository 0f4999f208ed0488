// Making a persona or changing one: its name, handle, bio and favourite genres, checked with the
// server's own schemas before sending; a new one may bring a picture (its middle square is kept).
import { SUGGESTED_GENRES } from "@litverse/shared/content";
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  FAVOURITE_GENRES_MAX,
  HANDLE_MAX_LENGTH,
} from "@litverse/shared/people";
import type { TeamPersona } from "@litverse/shared/personas";
import { createPersonaInput, updatePersonaInput } from "@litverse/shared/personas-inputs";
import { type FormEvent, useState } from "react";
import { ChipInput } from "../../components/ui/chip-input.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast.ts";
import { centredSquare, fieldErrorsOf } from "./persona-values.ts";
import { NewPersonaPicture } from "./picture-dialog.tsx";
import { useSavePersona, useSetPersonaPicture } from "./use-personas.ts";

/** The picture's size in pixels, read by the browser. */
async function pictureSize(file: File): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

export function PersonaDialog({
  persona,
  onClose,
}: {
  /** The persona to change; a new one without. */
  persona?: TeamPersona;
  onClose: () => void;
}) {
  const [name, setName] = useState(persona?.person.name ?? "");
  const [handle, setHandle] = useState(persona?.person.handle ?? "");
  const [bio, setBio] = useState(persona?.bio ?? "");
  const [genres, setGenres] = useState<string[]>(persona?.favouriteGenres ?? []);
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [isSavingPicture, setIsSavingPicture] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { create, update, isPending } = useSavePersona();
  const { save: savePicture } = useSetPersonaPicture();

  const keepPicture = async (personaId: string, file: File) => {
    setIsSavingPicture(true);
    try {
      const { width, height } = await pictureSize(file);
      const failure = await savePicture(personaId, file, centredSquare(width, height));
      if (failure) toast.error(`The persona was created, but its picture was not saved: ${failure}`);
    } catch {
      toast.error("The persona was created, but its picture could not be read. Try Picture on its card.");
    } finally {
      setIsSavingPicture(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = { name, handle, bio, favouriteGenres: genres };
    if (persona) {
      // Only what changed is sent: an unchanged handle is not checked (or moved) again.
      const before = {
        name: persona.person.name,
        handle: persona.person.handle ?? "",
        bio: persona.bio,
        favouriteGenres: persona.favouriteGenres,
      };
      const changed = Object.fromEntries(
        Object.entries(fields).filter(
          ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before]),
        ),
      );
      if (Object.keys(changed).length === 0) return onClose();
      const parsed = updatePersonaInput.safeParse({ personaId: persona.person._id, ...changed });
      if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
      setErrors({});
      await update(parsed.data, { onSaved: onClose, onFailed: setErrors });
      return;
    }
    const parsed = createPersonaInput.safeParse(fields);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    await create(parsed.data, {
      onSaved: async (personaId) => {
        if (picture) await keepPicture(personaId, picture);
        onClose();
      },
      onFailed: setErrors,
    });
  };

  const isBusy = isPending || isSavingPicture;
  const formId = persona ? `persona-form-${persona.person._id}` : "persona-form-new";
  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open && !isBusy) onClose();
      }}
      title={persona ? `Edit ${persona.person.name}` : "New persona"}
      description={
        persona
          ? "Readers see the change wherever the persona appears."
          : "An account the team runs in the open, labelled “Litverse team” wherever it appears. Nobody signs in as it."
      }
      submitLabel={persona ? "Save persona" : "Create persona"}
      isPending={isBusy}
      isCancelDisabled={isBusy}
      error={errors.form?.[0] ?? errors.personaId?.[0]}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required error={errors.name}>
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={DISPLAY_NAME_MAX_LENGTH}
          />
        </Field>
        <Field
          label="Handle"
          required
          hint="Its address: /user/handle. Letters a to z, digits and _."
          error={errors.handle}
        >
          <Input
            value={handle}
            onChange={(event) => setHandle(event.target.value.toLowerCase())}
            maxLength={HANDLE_MAX_LENGTH}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
        </Field>
      </div>
      <Field label="Bio" hint={`${bio.length} / ${BIO_MAX_LENGTH}`} error={errors.bio}>
        <Textarea
          value={bio}
          onChange={(event) => setBio(event.target.value)}
          maxLength={BIO_MAX_LENGTH}
          rows={3}
        />
      </Field>
      <Field label="Favourite genres" hint={`Up to ${FAVOURITE_GENRES_MAX}.`} error={errors.favouriteGenres}>
        <ChipInput
          value={genres}
          onValueChange={setGenres}
          suggestions={SUGGESTED_GENRES}
          max={FAVOURITE_GENRES_MAX}
          itemLabel="genre"
          placeholder="Add a genre"
        />
      </Field>
      {persona ? null : (
        <NewPersonaPicture
          file={picture}
          onChange={setPicture}
          error={pictureError}
          onError={setPictureError}
        />
      )}
    </FormDialog>
  );
}
