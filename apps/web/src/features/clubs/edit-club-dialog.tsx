// Moderators change the club's fields; the server refuses a limit below the members it has.
import type { ClubDetail } from "@litverse/shared/clubs";
import { useEffect, useState } from "react";
import { FormDialog, useFormErrors } from "../../components/ui/form-dialog.tsx";
import { ClubFormFields, type ClubFormValues } from "./club-form.tsx";
import { useUpdateClub } from "./use-clubs.ts";

const valuesOf = (club: ClubDetail): ClubFormValues => ({
  name: club.name,
  description: club.description,
  rules: club.rules,
  privacy: club.privacy,
  memberLimit: club.memberLimit,
  coverFile: null,
  removeCover: false,
});

export function EditClubDialog({
  club,
  open,
  onOpenChange,
}: {
  club: ClubDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [values, setValues] = useState(() => valuesOf(club));
  const { errors, message, show: showErrors, clear: clearErrors } = useFormErrors();
  const { save, isSaving } = useUpdateClub(club._id);
  // Each opening starts from the club as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (open) {
      setValues(valuesOf(club));
      clearErrors();
    }
  }, [open]);

  const submit = () =>
    save(values, {
      onSaved: () => onOpenChange(false),
      onFailed: showErrors,
    });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit the club"
      submitLabel="Save"
      onSubmit={submit}
      isPending={isSaving}
      error={message}
    >
      <ClubFormFields values={values} onChange={setValues} errors={errors} currentCoverUrl={club.coverUrl} />
    </FormDialog>
  );
}
