// Starting a club: its fields, then its page, where the schedule and invitations follow.
import { CLUB_MEMBER_LIMIT_DEFAULT } from "@litverse/shared/clubs";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { useAccessToken } from "../../lib/auth/use-access-token.ts";
import { describeError } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { ClubFormFields, type ClubFormValues, coverChange } from "./club-form.tsx";

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
  const create = useMutation(trpc.clubs.createClub.mutationOptions());
  const navigate = useNavigate();
  const accessToken = useAccessToken();

  const submit = async () => {
    try {
      const { coverFile: _file, removeCover: _remove, ...fields } = values;
      const { clubId } = await create.mutateAsync({ ...fields, ...(await coverChange(values, accessToken)) });
      onOpenChange(false);
      setValues(EMPTY);
      setErrors({});
      setMessage(null);
      void navigate(`/clubs/${clubId}`);
    } catch (error) {
      const details = describeError(error, "Could not create the club.");
      setErrors(details.fieldErrors ?? {});
      setMessage(details.message);
    }
  };

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
            <Button onClick={() => void submit()} isLoading={create.isPending}>
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
