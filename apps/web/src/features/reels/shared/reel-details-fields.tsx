// The fields of a reel's details, the same in the upload form, the editor and the admins' official
// upload: its caption, the title or episode it trails ("Watch the series"), and who may see it.
import {
  REEL_CAPTION_MAX_LENGTH,
  REEL_VISIBILITIES,
  REEL_VISIBILITY_LABELS,
  type ReelVisibility,
} from "@litverse/shared/reels";
import { Link2, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { TitleSearch } from "../../clubs/index.ts";
import type { LinkValue, ReelDetails } from "./reel-details.ts";
import { useLinkedTitle } from "./use-linked-title.ts";

const VISIBILITY_HINTS: Record<ReelVisibility, string> = {
  public: "Everyone on Litverse can watch it in the feed.",
  followers: "Only people who follow you see it.",
  private: "Only you see it; nobody else can open it.",
};

export function ReelDetailsFields({
  value,
  onChange,
  errors = {},
  requireLink = false,
  showVisibility = true,
}: {
  value: ReelDetails;
  onChange: (value: ReelDetails) => void;
  /** Messages per field, as the server's fieldErrors give them. */
  errors?: Record<string, string[]>;
  /** Official reels always trail a title. */
  requireLink?: boolean;
  showVisibility?: boolean;
}) {
  const set = (patch: Partial<ReelDetails>) => onChange({ ...value, ...patch });
  return (
    <div className="space-y-4">
      <Field
        label="Caption"
        hint={`${value.caption.length} / ${REEL_CAPTION_MAX_LENGTH}`}
        error={errors.caption}
      >
        <Textarea
          value={value.caption}
          maxLength={REEL_CAPTION_MAX_LENGTH}
          rows={3}
          placeholder="What is it about?"
          onChange={(event) => set({ caption: event.target.value })}
        />
      </Field>
      <LinkPicker
        value={value.link}
        onChange={(link) => set({ link })}
        error={errors.link ?? errors["link.contentId"] ?? errors["link.episodeId"]}
        isRequired={requireLink}
      />
      {showVisibility ? (
        <Field label="Who can see it" hint={VISIBILITY_HINTS[value.visibility]} error={errors.visibility}>
          <NativeSelect<ReelVisibility>
            items={REEL_VISIBILITIES.map((visibility) => ({
              value: visibility,
              label: REEL_VISIBILITY_LABELS[visibility],
            }))}
            value={value.visibility}
            onValueChange={(visibility) => set({ visibility })}
          />
        </Field>
      ) : null}
    </div>
  );
}

/** The title the reel trails, found by name, and optionally one of its episodes. */
function LinkPicker({
  value,
  onChange,
  error,
  isRequired,
}: {
  value: LinkValue | null;
  onChange: (value: LinkValue | null) => void;
  error?: string[];
  isRequired: boolean;
}) {
  const detail = useLinkedTitle(value?.contentId ?? null);
  const episodes = detail.data?.episodes ?? [];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Watch the series{isRequired ? "" : " (optional)"}</legend>
      <p className="text-xs text-muted-foreground">
        The title or episode the reel leads to: viewers get a button to it under the reel.
      </p>
      {value ? (
        <div className="space-y-2">
          <div className="flex items-center gap-3 rounded-xl border border-border bg-muted/40 p-2 pl-3">
            <Link2 className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
            <span className="min-w-0 flex-1 truncate text-sm font-medium" data-testid="reel-link-title">
              {value.title}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Remove the link to ${value.title}`}
              onClick={() => onChange(null)}
            >
              <X aria-hidden />
            </Button>
          </div>
          <Field label="Episode">
            <NativeSelect
              items={[
                { value: "", label: "The whole title" },
                ...episodes.map((episode) => ({
                  value: episode._id,
                  label: `Episode ${episode.number}: ${episode.title}`,
                })),
              ]}
              value={value.episodeId ?? ""}
              disabled={!detail.data}
              onValueChange={(episodeId) => onChange({ ...value, episodeId: episodeId || null })}
            />
          </Field>
        </div>
      ) : (
        <TitleSearch
          placeholder="Search for a title by name"
          label="Search for the title the reel leads to"
          onPick={(title) => onChange({ contentId: title._id, title: title.title, episodeId: null })}
        />
      )}
      {error?.length ? (
        <p className="text-xs font-medium text-rose-600 dark:text-rose-400">{error[0]}</p>
      ) : null}
    </fieldset>
  );
}
