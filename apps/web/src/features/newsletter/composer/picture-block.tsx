// A picture block: the file (uploaded as soon as it is chosen, then kept by saving the draft), the
// words that stand for it where pictures do not load, and an optional link.
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toastError } from "../../../lib/errors.ts";
import { MAX_PICTURE_BYTES } from "../../../lib/uploads.ts";
import type { BlockValue } from "./composer-values.ts";

type PictureBlock = Extract<BlockValue, { type: "picture" }>;

/** Where a picture the server stored is shown (public, like covers). */
export function storedPictureUrl(pictureKey: string): string | null {
  return pictureKey.startsWith("newsletter-images/") ? `/media/${pictureKey}` : null;
}

export function PictureBlockFields({
  block,
  errorsOf,
  disabled,
  isUploading,
  onChange,
  onFile,
}: {
  block: PictureBlock;
  errorsOf: (field: string) => string[] | undefined;
  disabled: boolean;
  isUploading: boolean;
  onChange: (change: Partial<PictureBlock>) => void;
  onFile: (file: File) => void;
}) {
  const shown = block.localUrl ?? storedPictureUrl(block.pictureKey);
  return (
    <div className="space-y-3">
      <Field
        label="Picture"
        hint="Up to 10 MB. It is uploaded and the draft saved as soon as you choose it."
        error={errorsOf("pictureKey")}
        required
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-3">
            {shown ? (
              <img src={shown} alt="" className="h-16 w-28 rounded-lg border border-border object-cover" />
            ) : null}
            {isUploading ? (
              <span className="inline-flex items-center gap-2 text-sm text-muted-foreground" role="status">
                <Spinner /> Uploading…
              </span>
            ) : (
              <input
                {...control}
                type="file"
                accept="image/*"
                disabled={disabled}
                className="max-w-full text-sm file:mr-3 file:rounded-lg file:border file:border-border file:bg-card file:px-3 file:py-1.5 file:text-sm"
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  event.target.value = "";
                  if (!file) return;
                  if (file.size > MAX_PICTURE_BYTES) {
                    toastError(new Error("That picture is larger than 10 MB."));
                    return;
                  }
                  onFile(file);
                }}
              />
            )}
          </div>
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Description"
          hint="Read out, and shown where pictures do not load."
          error={errorsOf("alt")}
        >
          <Input
            value={block.alt}
            maxLength={300}
            disabled={disabled}
            onChange={(event) => onChange({ alt: event.target.value })}
          />
        </Field>
        <Field label="Link (optional)" hint="https://… or a page such as /explore" error={errorsOf("link")}>
          <Input
            inputMode="url"
            placeholder="https://"
            value={block.link}
            disabled={disabled}
            onChange={(event) => onChange({ link: event.target.value })}
          />
        </Field>
      </div>
    </div>
  );
}
