// Starting a club: its fields, then its page, where the schedule and invitations follow.
import { CLUB_MEMBER_LIMIT_DEFAULT } from "@litverse/shared/clubs";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
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
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string | null>(null);
  const { create, isCreating } = useCreateClub();
  const navigate = useNavigate();

  const submit = () =>
    create(values, {
      onCreated: (clubId) => {
        onOpenChange(false);
        setValues(EMPTY);
        setErrors({});
        setMessage(null);
        void navigate(`/clubs/${clubId}`);
      },
      onFailed: (details) => {
        setErrors(details.fieldErrors ?? {});
        setMessage(details.message);
      },
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create a club"
        description="You will be its owner. Choose what to read together next."
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} isLoading={isCreating}>
              Create club
            </Button>
          </>
        }
      >
        <ClubFormFields values={values} onChange={setValues} errors={errors} />
        {message ? (
          <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
            {message}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
