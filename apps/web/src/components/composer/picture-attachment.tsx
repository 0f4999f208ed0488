// A picture to go with a message or a post: the button that picks it, the checks it must pass
// (a picture, 10 MB at most; a toast says why not), and its preview with a button to take it off.
// The feature's hook sends the picture with the text.
import { ImagePlus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toastError } from "../../lib/errors.ts";
import { MAX_PICTURE_BYTES } from "../../lib/uploads.ts";
import { Button } from "../ui/button.tsx";

/** The chosen picture, and an address for its preview that is let go when the picture changes. */
export function usePictureAttachment() {
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!picture) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toastError(new Error("Choose a picture (JPEG, PNG, WebP, AVIF or GIF)."));
      return;
    }
    if (file.size > MAX_PICTURE_BYTES) {
      toastError(new Error("That picture is larger than 10 MB."));
      return;
    }
    setPicture(file);
  };

  return {
    picture,
    preview,
    choose,
    /** Taken off before sending, or once sent: no picture, and no preview. */
    remove: () => setPicture(null),
  };
}

/** The hidden file field and the button that opens it. */
export function AddPictureButton({
  onPick,
  inputTestId,
}: {
  onPick: (file: File | undefined) => void;
  inputTestId?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="hidden"
        onChange={(event) => {
          onPick(event.target.files?.[0]);
          event.target.value = "";
        }}
        data-testid={inputTestId}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label="Add a picture"
        onClick={() => fileInput.current?.click()}
      >
        <ImagePlus aria-hidden />
      </Button>
    </>
  );
}

const PREVIEW_PLACES = { above: "relative mb-2 w-fit", below: "relative mt-2 w-fit" } as const;

/** The picture about to go, above or below the text field, with a button to take it off. */
export function PicturePreview({
  url,
  alt,
  place,
  onRemove,
}: {
  url: string;
  alt: string;
  place: keyof typeof PREVIEW_PLACES;
  onRemove: () => void;
}) {
  return (
    <div className={PREVIEW_PLACES[place]}>
      <img src={url} alt={alt} className="max-h-32 rounded-lg border border-border" />
      <button
        type="button"
        onClick={onRemove}
        className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full bg-stone-800 text-white"
        aria-label="Remove the picture"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
