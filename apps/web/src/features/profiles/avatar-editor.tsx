// The profile picture: choose a file, pick the square to keep, and the server re-encodes it (EXIF
// and all other metadata dropped). react-easy-crop reports the square in the picture's own pixels,
// which is what the server cuts.
import type { PersonSummary } from "@litverse/shared/people";
import { Camera, Trash2 } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import type { Area } from "react-easy-crop";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { PICTURE_TYPES, SquareCropper } from "../../components/people/square-cropper.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { toast } from "../../lib/toast.ts";
import { MAX_PICTURE_BYTES } from "../../lib/uploads.ts";
import { useRemoveAvatar, useSaveAvatar } from "./use-avatar.ts";

export function AvatarEditor({ person }: { person: PersonSummary }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const removeAvatar = useRemoveAvatar();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    if (chosen.size > MAX_PICTURE_BYTES) {
      toast.error("That picture is larger than 10 MB. Choose a smaller one.");
      return;
    }
    setFile(chosen);
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <PersonAvatar person={person} size="lg" />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => input.current?.click()}>
          <Camera aria-hidden />
          {person.avatarUrl ? "Change picture" : "Add a picture"}
        </Button>
        {person.avatarUrl ? (
          <Button variant="ghost" onClick={() => setIsRemoving(true)}>
            <Trash2 aria-hidden />
            Remove
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={PICTURE_TYPES}
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile picture file"
          onChange={choose}
        />
      </div>
      {file ? <CropDialog file={file} onClose={() => setFile(null)} /> : null}
      <ConfirmDialog
        open={isRemoving}
        onOpenChange={setIsRemoving}
        title="Remove your picture?"
        description="Your initials show in its place."
        confirmLabel="Remove"
        variant="danger"
        errorFallback="Could not remove the picture."
        onConfirm={removeAvatar}
      />
    </div>
  );
}

function CropDialog({ file, onClose }: { file: File; onClose: () => void }) {
  const [area, setArea] = useState<Area | null>(null);
  const { save: saveAvatar, isSaving } = useSaveAvatar();

  const save = async () => {
    if (!area) return;
    await saveAvatar(file, area, onClose);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title="Your picture"
        description="Drag to place it; zoom to fit."
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button onClick={() => void save()} isLoading={isSaving} disabled={!area}>
              Save picture
            </Button>
          </>
        }
      >
        <SquareCropper file={file} onArea={setArea} />
      </DialogContent>
    </Dialog>
  );
}
