// Who sees the ad: kinds of content, genres and languages, each empty for everyone.
import { AD_MAX_AUDIENCE_ENTRIES } from "@litverse/shared/ads";
import { CONTENT_TYPES, SUGGESTED_GENRES } from "@litverse/shared/content";
import { TYPE_PLURALS } from "../../../components/catalogue/labels.ts";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { ChipInput } from "../../../components/ui/chip-input.tsx";
import { Field } from "../../../components/ui/field.tsx";
import type { CampaignFormValues, FormErrors } from "./campaign-form-values.ts";

/** The languages most of the catalogue is in; any other tag may be typed. */
const LANGUAGE_SUGGESTIONS = [
  "en",
  "es",
  "fr",
  "de",
  "pt",
  "pt-BR",
  "it",
  "nl",
  "ja",
  "ko",
  "zh",
  "ar",
  "hi",
];

export function AudienceSection({
  values,
  onChange,
  errors,
}: {
  values: CampaignFormValues;
  onChange: (change: Partial<CampaignFormValues>) => void;
  errors: FormErrors;
}) {
  return (
    <section aria-labelledby="ad-audience-heading" className="space-y-4">
      <div>
        <h3 id="ad-audience-heading" className="text-base font-semibold">
          Who sees it
        </h3>
        <p className="text-sm text-muted-foreground">Leave a part empty to reach everyone.</p>
      </div>
      <fieldset aria-describedby={errors.contentTypes ? "ad-types-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">Readers of</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {CONTENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              label={TYPE_PLURALS[type]}
              checked={values.contentTypes.includes(type)}
              onCheckedChange={(checked) =>
                onChange({
                  contentTypes:
                    checked === true
                      ? [...values.contentTypes, type]
                      : values.contentTypes.filter((chosen) => chosen !== type),
                })
              }
            />
          ))}
        </div>
        {errors.contentTypes ? (
          <p id="ad-types-error" className="mt-1.5 text-xs font-medium text-rose-600 dark:text-rose-400">
            {errors.contentTypes.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <Field label="Genres" hint="Pick or type genres; Enter adds one." error={errors.genres}>
        <ChipInput
          value={values.genres}
          onValueChange={(genres) => onChange({ genres })}
          suggestions={SUGGESTED_GENRES}
          normalize={(text) => text.trim().toLowerCase()}
          max={AD_MAX_AUDIENCE_ENTRIES}
          itemLabel="genre"
          placeholder="Every genre"
        />
      </Field>
      <Field label="Languages" hint="Language codes such as en or pt-BR." error={errors.languages}>
        <ChipInput
          value={values.languages}
          onValueChange={(languages) => onChange({ languages })}
          suggestions={LANGUAGE_SUGGESTIONS}
          max={AD_MAX_AUDIENCE_ENTRIES}
          itemLabel="language"
          placeholder="Every language"
        />
      </Field>
    </section>
  );
}
