// The profile picture: choose a file, pick the square to keep, and the server re-encodes it (EXIF
// and all other metadata dropped). react-easy-crop reports the square in the picture's own pixels,
// which is what the server cuts.
import type { PersonSummary } from "@litverse/shared/people";
import { Camera, Trash2 } from "lucide-react";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { toast } from "sonner";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Slider } from "../../components/ui/slider.tsx";
import { MAX_PICTURE_BYTES } from "../../lib/uploads.ts";
import { useRemoveAvatar, useSaveAvatar } from "./use-avatar.ts";

const PICTURE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

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
  const [url, setUrl] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const { save: saveAvatar, isSaving } = useSaveAvatar();

  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

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
        <div className="relative h-72 overflow-hidden rounded-xl bg-stone-900 sm:h-80">
          {url ? (
            <Cropper
              image={url}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          ) : null}
        </div>
        <div className="mt-4">
          <Slider
            label="Zoom"
            min={1}
            max={4}
            step={0.05}
            value={[zoom]}
            onValueChange={([value]) => setZoom(value ?? 1)}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
