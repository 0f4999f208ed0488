// Changing a posted reel's caption, linked title and visibility (the video stays as it is).
import type { MyReel } from "@litverse/shared/reels";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import type { ReelDetails } from "../shared/reel-details.ts";
import { ReelDetailsFields } from "../shared/reel-details-fields.tsx";
import { useUpdateReel } from "./use-my-reels.ts";

export function EditReelDialog({
  reel,
  onOpenChange,
}: {
  reel: MyReel | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={reel !== null} onOpenChange={onOpenChange}>
      {reel ? <EditContent key={reel.id} reel={reel} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function EditContent({ reel, onDone }: { reel: MyReel; onDone: () => void }) {
  const formId = useId();
  const [details, setDetails] = useState<ReelDetails>({
    caption: reel.caption,
    visibility: reel.visibility,
    link: reel.link
      ? { contentId: reel.link.contentId, title: reel.link.title, episodeId: reel.link.episodeId }
      : null,
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { save: saveReel, isSaving } = useUpdateReel(reel);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    await saveReel(details, {
      onSaved: onDone,
      onFailed: (described) => {
        setErrors(described.fieldErrors);
        setFormError(described.message);
      },
    });
  };
  return (
    <DialogContent
      title="Edit reel"
      description="The caption, the title it leads to and who can see it."
      footer={
        <>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={isSaving}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void save(event)} noValidate className="space-y-4">
        <ReelDetailsFields
          value={details}
          onChange={setDetails}
          errors={errors}
          requireLink={reel.isOfficial}
          showVisibility={!reel.isOfficial}
        />
        {formError ? (
          <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
            {formError}
          </p>
        ) : null}
      </form>
    </DialogContent>
  );
}
