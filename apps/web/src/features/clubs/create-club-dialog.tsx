// Starting a club: its fields, then its page, where the schedule and invitations follow.
import { CLUB_MEMBER_LIMIT_DEFAULT } from "@litverse/shared/clubs";
import { useState } from "react";
import { useNavigate } from "react-router";
import { FormDialog, useFormErrors } from "../../components/ui/form-dialog.tsx";
import { ClubFormFields, type ClubFormValues } from "./club-form.tsx";
import { useCreateClub } from "./use-clubs.ts";

const EMPTY: ClubFormValues = {
  name: "",
  description: "",
  rules: "",
  privacy: "public",
  memberLimit: CLUB_MEMBER_LIMIT_DEFAULT,
  coverFile: null,
  removeCover: false,
};

export function CreateClubDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const { errors, message, show: showErrors, clear: clearErrors } = useFormErrors();
  const { create, isCreating } = useCreateClub();
  const navigate = useNavigate();

  const submit = () =>
    create(values, {
      onCreated: (clubId) => {
        onOpenChange(false);
        setValues(EMPTY);
        clearErrors();
        void navigate(`/clubs/${clubId}`);
      },
      onFailed: showErrors,
    });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a club"
      description="You will be its owner. Choose what to read together next."
      submitLabel="Create club"
      onSubmit={submit}
      isPending={isCreating}
      error={message}
    >
      <ClubFormFields values={values} onChange={setValues} errors={errors} />
    </FormDialog>
  );
}
