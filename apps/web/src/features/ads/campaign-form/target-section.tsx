// What the ad promotes: the kind, then the title, club, story or reel found by name (with its
// picture and age rating; an 18+ one limits who sees the ad). House ads may also lead to the plans
// or to an outside https address, for an audience whose age the team chooses.
import {
  AD_TARGET_KIND_LABELS,
  AD_TARGET_KINDS,
  ADVERTISER_TARGET_KINDS,
  type AdTargetKind,
  type AdTargetOption,
  type AdvertiserTargetKind,
} from "@litverse/shared/ads";
import { AGE_CHOICES, type Age } from "@litverse/shared/constants";
import { ImageOff, Search } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ChoiceGroup } from "../../../components/ui/choice-group.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { useSettledValue } from "../../../lib/use-settled-value.ts";
import type { CampaignFormMode, CampaignFormValues, FormErrors } from "./campaign-form-values.ts";
import { useAdTargetSearch } from "./use-ad-options.ts";

const SEARCH_PLACEHOLDERS: Record<AdvertiserTargetKind, string> = {
  title: "Search the catalogue by title",
  club: "Search clubs by name",
  story: "Search interactive stories by title",
  reel: "Search reels by caption",
};

const isPromotable = (kind: AdTargetKind): kind is AdvertiserTargetKind =>
  (ADVERTISER_TARGET_KINDS as readonly string[]).includes(kind);

export function TargetSection({
  mode,
  values,
  onChange,
  errors,
}: {
  mode: CampaignFormMode;
  values: CampaignFormValues;
  onChange: (change: Partial<CampaignFormValues>) => void;
  errors: FormErrors;
}) {
  const kinds = mode === "house" ? AD_TARGET_KINDS : ADVERTISER_TARGET_KINDS;
  const kind = values.targetKind;
  return (
    <section aria-labelledby="ad-target-heading" className="space-y-4">
      <h3 id="ad-target-heading" className="text-base font-semibold">
        What it promotes
      </h3>
      <ChoiceGroup
        legend="Kind"
        choices={kinds.map((value) => ({ value, label: AD_TARGET_KIND_LABELS[value] }))}
        value={kind}
        onChange={(next) =>
          onChange({ targetKind: next, target: values.target?.kind === next ? values.target : null })
        }
        className="grid-cols-2 sm:grid-cols-3"
      />
      {isPromotable(kind) ? (
        <TargetPicker
          kind={kind}
          target={values.target}
          onPick={(target) => onChange({ target })}
          error={errors.target}
        />
      ) : kind === "link" ? (
        <Field
          label="Address"
          hint="A full https:// address; it opens in a new tab."
          error={[...(errors.url ?? []), ...(errors.target ?? [])]}
          required
        >
          <Input
            type="url"
            inputMode="url"
            value={values.url}
            placeholder="https://"
            onChange={(event) => onChange({ url: event.target.value })}
          />
        </Field>
      ) : (
        <p className="text-sm text-muted-foreground">The ad leads to the subscription plans.</p>
      )}
      {mode === "house" && !isPromotable(kind) ? (
        <Field
          label="Who may see it"
          hint="Titles, clubs, stories and reels use their own age rating."
          error={errors.minAge}
        >
          <NativeSelect<`${Age}`>
            items={AGE_CHOICES.map((age) => ({ value: `${age}`, label: `Readers ${age} and over` }))}
            value={`${values.minAge}`}
            onValueChange={(value) => onChange({ minAge: Number(value) as Age })}
          />
        </Field>
      ) : null}
    </section>
  );
}

function TargetPicker({
  kind,
  target,
  onPick,
  error,
}: {
  kind: AdvertiserTargetKind;
  target: AdTargetOption | null;
  onPick: (target: AdTargetOption | null) => void;
  error?: string[];
}) {
  const [query, setQuery] = useState("");
  const settled = useSettledValue(query.trim());
  const results = useAdTargetSearch(kind, settled);
  if (target) {
    return (
      <div className="space-y-2">
        <div className="flex items-center gap-3 rounded-xl border border-border p-3" data-testid="ad-target">
          <TargetImage option={target} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{target.label}</p>
            <p className="text-xs text-muted-foreground">{AD_TARGET_KIND_LABELS[target.kind]}</p>
          </div>
          <AgeBadge age={target.ageRating} />
          <Button variant="ghost" size="sm" onClick={() => onPick(null)}>
            Change
          </Button>
        </div>
        {target.ageRating >= 18 ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-100">
            This is rated 18+, so the ad only reaches readers 18 and over.
          </p>
        ) : null}
      </div>
    );
  }
  const found = (results.data ?? []).filter((option) => option.kind === kind);
  return (
    <Field label={`Find the ${AD_TARGET_KIND_LABELS[kind].toLowerCase()}`} error={error} required>
      {(control) => (
        <div>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              {...control}
              type="search"
              value={query}
              placeholder={SEARCH_PLACEHOLDERS[kind]}
              onChange={(event) => setQuery(event.target.value)}
              // Enter looks up, it does not send the form.
              onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
              className="pl-9"
            />
          </div>
          <ul
            className="mt-2 max-h-60 overflow-y-auto rounded-xl border border-border"
            aria-label="Results"
            aria-busy={results.isFetching}
          >
            {results.isError ? (
              <li className="p-3 text-sm text-rose-700 dark:text-rose-300">
                Could not search. Try again in a moment.
              </li>
            ) : !results.data ? (
              <li className="p-3 text-sm text-muted-foreground">Searching…</li>
            ) : found.length === 0 ? (
              <li className="p-3 text-sm text-muted-foreground">Nothing by that name.</li>
            ) : (
              found.map((option) => (
                <li key={option.id}>
                  <button
                    type="button"
                    onClick={() => onPick(option)}
                    className="flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-muted"
                  >
                    <TargetImage option={option} />
                    <span className="min-w-0 flex-1 truncate font-medium">{option.label}</span>
                    <AgeBadge age={option.ageRating} />
                  </button>
                </li>
              ))
            )}
          </ul>
        </div>
      )}
    </Field>
  );
}

function TargetImage({ option }: { option: AdTargetOption }) {
  return option.imageUrl ? (
    <img src={option.imageUrl} alt="" className="size-10 shrink-0 rounded-lg object-cover" loading="lazy" />
  ) : (
    <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
      <ImageOff className="size-4" aria-hidden />
    </span>
  );
}

function AgeBadge({ age }: { age: Age }) {
  return (
    <Badge variant={age >= 18 ? "danger" : "neutral"}>
      <span className="sr-only">Rated </span>
      {age}+
    </Badge>
  );
}
