// The creative: headline and text with their counters, the call to action, and the picture (an
// upload of the advertiser's own, or the target's cover when there is none).
import {
  AD_BODY_MAX_LENGTH,
  AD_CALLS_TO_ACTION,
  AD_HEADLINE_MAX_LENGTH,
  type AdCallToAction,
  type AdTargetKind,
} from "@litverse/shared/ads";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toastError } from "../../../lib/errors.ts";
import { MAX_PICTURE_BYTES } from "../../../lib/uploads.ts";
import type { CampaignFormValues, FormErrors } from "./campaign-form-values.ts";

/** Whose picture stands in when the ad has none of its own. */
const TARGET_PICTURE: Record<AdTargetKind, string | null> = {
  title: "the title's cover",
  club: "the club's cover",
  story: "the story's cover",
  reel: "the reel's poster",
  plan: null,
  link: null,
};

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className={length > max ? "font-medium text-rose-600 dark:text-rose-400" : undefined}>
      {length} / {max}
    </span>
  );
}

export function CreativeSection({
  values,
  onChange,
  errors,
  shownPicture,
  hasOwnPicture,
}: {
  values: CampaignFormValues;
  onChange: (change: Partial<CampaignFormValues>) => void;
  errors: FormErrors;
  /** The picture the ad shows as the form stands. */
  shownPicture: string | null;
  /** Whether that picture is the ad's own (a new upload, or the one it has). */
  hasOwnPicture: boolean;
}) {
  const fallback = TARGET_PICTURE[values.targetKind];
  return (
    <section aria-labelledby="ad-creative-heading" className="space-y-4">
      <h3 id="ad-creative-heading" className="text-base font-semibold">
        The ad
      </h3>
      <Field
        label="Headline"
        hint={<Counter length={values.headline.length} max={AD_HEADLINE_MAX_LENGTH} />}
        error={errors.headline}
        required
      >
        <Input
          value={values.headline}
          maxLength={AD_HEADLINE_MAX_LENGTH}
          onChange={(event) => onChange({ headline: event.target.value })}
        />
      </Field>
      <Field
        label="Text"
        hint={<Counter length={values.body.length} max={AD_BODY_MAX_LENGTH} />}
        error={errors.body}
      >
        <Textarea
          value={values.body}
          rows={3}
          maxLength={AD_BODY_MAX_LENGTH}
          onChange={(event) => onChange({ body: event.target.value })}
        />
      </Field>
      <Field label="Call to action" error={errors.cta}>
        <NativeSelect<AdCallToAction>
          items={AD_CALLS_TO_ACTION.map((cta) => ({ value: cta, label: cta }))}
          value={values.cta}
          onValueChange={(cta) => onChange({ cta })}
        />
      </Field>
      <Field
        label="Picture"
        hint={
          hasOwnPicture || !fallback
            ? "Up to 10 MB; a wide picture works best."
            : `Without one of your own, the ad shows ${fallback}. Up to 10 MB.`
        }
        error={errors.picture}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-3">
            {shownPicture ? (
              <img src={shownPicture} alt="" className="h-16 w-28 rounded-lg object-cover" />
            ) : null}
            <input
              {...control}
              // A new element once the picture is dropped, so that it no longer names the file.
              key={values.pictureFile ? "chosen" : "none"}
              type="file"
              accept="image/*"
              className="max-w-full text-sm file:mr-3 file:rounded-lg file:border file:border-border file:bg-card file:px-3 file:py-1.5 file:text-sm"
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                if (file && file.size > MAX_PICTURE_BYTES) {
                  toastError(new Error("That picture is larger than 10 MB."));
                  event.target.value = "";
                  return;
                }
                onChange({ pictureFile: file, removePicture: false });
              }}
            />
            {hasOwnPicture ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange({ pictureFile: null, removePicture: true })}
              >
                {fallback ? `Use ${fallback}` : "Remove the picture"}
              </Button>
            ) : null}
          </div>
        )}
      </Field>
    </section>
  );
}
