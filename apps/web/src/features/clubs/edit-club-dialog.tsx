// Moderators change the club's fields; the server refuses a limit below the members it has.
import type { ClubDetail } from "@litverse/shared/clubs";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
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
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string | null>(null);
  const { save, isSaving } = useUpdateClub(club._id);
  // Each opening starts from the club as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (open) {
      setValues(valuesOf(club));
      setErrors({});
      setMessage(null);
    }
  }, [open]);

  const submit = () =>
    save(values, {
      onSaved: () => onOpenChange(false),
      onFailed: (details) => {
        setErrors(details.fieldErrors ?? {});
        setMessage(details.message);
      },
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Edit the club"
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} isLoading={isSaving}>
              Save
            </Button>
          </>
        }
      >
        <ClubFormFields
          values={values}
          onChange={setValues}
          errors={errors}
          currentCoverUrl={club.coverUrl}
        />
        {message ? (
          <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
            {message}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
