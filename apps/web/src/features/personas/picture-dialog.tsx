// A persona's picture: choose a file, pick the square to keep (react-easy-crop reports it in the
// picture's own pixels, which is what the server cuts), and the server re-encodes it, as for a
// person's own profile picture. Also the picture field of the new-persona form.
import type { PersonSummary } from "@litverse/shared/people";
import { ImagePlus, X } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import type { Area } from "react-easy-crop";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { PICTURE_TYPES, SquareCropper, useObjectUrl } from "../../components/people/square-cropper.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { toast } from "../../lib/toast.ts";
import { MAX_PICTURE_BYTES } from "../../lib/uploads.ts";
import { useSetPersonaPicture } from "./use-personas.ts";

const TOO_LARGE = "That picture is larger than 10 MB. Choose a smaller one.";

/** A hidden file input and the button that opens it; a file over the limit is refused at once. */
function PictureChooser({
  label,
  fileLabel,
  onChoose,
  onRefuse,
  variant = "secondary",
}: {
  label: string;
  /** The file input's name, for assistive technology and tests. */
  fileLabel: string;
  onChoose: (file: File) => void;
  onRefuse: (message: string) => void;
  variant?: "secondary" | "ghost";
}) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    if (chosen.size > MAX_PICTURE_BYTES) return onRefuse(TOO_LARGE);
    onChoose(chosen);
  };
  return (
    <>
      <Button variant={variant} size="sm" onClick={() => input.current?.click()}>
        <ImagePlus aria-hidden />
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={PICTURE_TYPES}
        className="sr-only"
        tabIndex={-1}
        aria-label={fileLabel}
        onChange={choose}
      />
    </>
  );
}

/**
 * The optional picture of a new persona: a preview of the middle square, which is what is kept
 * (the picture action on the persona's card crops it any other way later).
 */
export function NewPersonaPicture({
  file,
  onChange,
  error,
  onError,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error: string | null;
  onError: (message: string | null) => void;
}) {
  const url = useObjectUrl(file);
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium">Picture (optional)</legend>
      <div className="flex flex-wrap items-center gap-3">
        {url ? (
          <img src={url} alt="The new persona, as chosen" className="size-14 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden
            className="inline-flex size-14 items-center justify-center rounded-full border border-dashed border-border text-muted-foreground"
          >
            <ImagePlus className="size-5" />
          </span>
        )}
        <PictureChooser
          label={file ? "Choose another" : "Choose a picture"}
          fileLabel="Persona picture file"
          onChoose={(chosen) => {
            onError(null);
            onChange(chosen);
          }}
          onRefuse={onError}
        />
        {file ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <X aria-hidden />
            Remove
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">
        Its middle square is kept; change it later with Picture on the persona's card.
      </p>
      {error ? (
        <p role="alert" className="text-xs font-medium text-rose-600 dark:text-rose-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function PictureDialog({ person, onClose }: { person: PersonSummary; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [choice, setChoice] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const { save } = useSetPersonaPicture();

  const submit = async () => {
    if (!file || !area) return;
    setIsSaving(true);
    setError(null);
    const failure = await save(person._id, file, area);
    setIsSaving(false);
    if (failure) return setError(failure);
    toast.success(`Picture of ${person.name} saved`);
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isSaving) onClose();
      }}
    >
      <DialogContent
        title={`Picture of ${person.name}`}
        description={
          file
            ? "Drag to place it; zoom to fit. Readers see the round part."
            : "Choose a picture: JPEG, PNG, WebP, AVIF or GIF, up to 10 MB."
        }
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} isLoading={isSaving} disabled={!file || !area}>
              Save picture
            </Button>
          </>
        }
      >
        {file ? (
          // A new choice starts a new frame, centred and unzoomed.
          <SquareCropper key={choice} file={file} onArea={setArea} />
        ) : (
          <div className="flex items-center gap-4">
            <PersonAvatar person={person} size="lg" />
            <p className="text-sm text-muted-foreground">
              {person.avatarUrl ? "The picture readers see now." : "No picture yet: readers see initials."}
            </p>
          </div>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <PictureChooser
            label={file ? "Choose another picture" : "Choose a picture"}
            fileLabel="Persona picture file"
            onChoose={(chosen) => {
              setError(null);
              setArea(null);
              setChoice((count) => count + 1);
              setFile(chosen);
            }}
            onRefuse={setError}
          />
        </div>
        {error ? (
          <p role="alert" className="mt-3 text-sm font-medium text-rose-600 dark:text-rose-400">
            {error}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
