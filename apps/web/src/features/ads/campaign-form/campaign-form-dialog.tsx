// The campaign form, for a reader's paid ad and for the team's house ads, new or edited: a dialog
// (the whole screen on phones) with the fields on the left and the live preview on the right. It
// checks itself with the shared schema, uploads a new picture only once the rest is valid, and
// shows the server's refusals at their fields; running short of coins links to buying more.
import { AD_NAME_MAX_LENGTH, type AdCampaign } from "@litverse/shared/ads";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useAccessToken } from "../../../lib/auth/use-access-token.ts";
import { describeError, errorCode, INVALID_INPUT_MESSAGE } from "../../../lib/errors.ts";
import { UploadError, uploadFiles } from "../../../lib/uploads.ts";
import { budgetLeft } from "../report/report-values.ts";
import { AudienceSection } from "./audience-section.tsx";
import { parseCoins } from "./budget-reach.ts";
import {
  type CampaignFormMode,
  type CampaignFormValues,
  emptyValues,
  type FormErrors,
  formErrorsOf,
  type HouseSave,
  houseInputOf,
  type PaidSave,
  paidInputOf,
  valuesOfCampaign,
} from "./campaign-form-values.ts";
import { CreativeSection } from "./creative-section.tsx";
import { PlacementsSection } from "./placements-section.tsx";
import { PreviewSection } from "./preview-section.tsx";
import { ScheduleSection } from "./schedule-section.tsx";
import { TargetSection } from "./target-section.tsx";
import { useAdOptions } from "./use-ad-options.ts";
import { usePicturePreview } from "./use-picture-preview.ts";

/** A new picture's upload, null to drop the ad's own, absent to keep it. */
type PictureChange = { pictureUploadId?: string | null };

type SaveProps =
  | { mode: "paid"; onSave: (input: PaidSave) => Promise<unknown> }
  | { mode: "house"; onSave: (input: HouseSave) => Promise<unknown> };

export type CampaignFormDialogProps = SaveProps & {
  /** The campaign being edited; null for a new one. */
  campaign: AdCampaign | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const TITLES: Record<CampaignFormMode, [string, string]> = {
  paid: ["New campaign", "Edit campaign"],
  house: ["New house ad", "Edit house ad"],
};

export function CampaignFormDialog(props: CampaignFormDialogProps) {
  const { mode, campaign, open, onOpenChange } = props;
  const formId = useId();
  const options = useAdOptions();
  const accessToken = useAccessToken();
  const [values, setValues] = useState<CampaignFormValues | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [message, setMessage] = useState<ReactNode>(null);
  const [isSaving, setIsSaving] = useState(false);
  const placements = options.data?.placements;
  // Each opening starts from the campaign as it is, or from a blank one once the options are here.
  const seed = open && placements ? (campaign?.id ?? "new") : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another campaign opens
  useEffect(() => {
    setErrors({});
    setMessage(null);
    setValues(seed && placements ? (campaign ? valuesOfCampaign(campaign) : emptyValues(placements)) : null);
  }, [seed]);

  const picked = usePicturePreview(values?.pictureFile ?? null);
  const ownPicture =
    picked ?? (!values?.removePicture && campaign?.creative.ownPicture ? campaign.creative.imageUrl : null);
  const shownPicture = ownPicture ?? values?.target?.imageUrl ?? null;
  const held = campaign ? budgetLeft(campaign) : null;
  // What an edited campaign already holds counts towards its new budget.
  const heldCoins = held && !held.returned ? held.coins : 0;
  const change = (next: Partial<CampaignFormValues>) =>
    setValues((current) => current && { ...current, ...next });

  const refuse = (found: FormErrors) => {
    setErrors(found);
    setMessage(found.form?.[0] ?? INVALID_INPUT_MESSAGE);
    requestAnimationFrame(() =>
      document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  };

  const pictureChange = async (): Promise<PictureChange> => {
    if (values?.pictureFile)
      return { pictureUploadId: (await uploadFiles([values.pictureFile], accessToken)).uploadId };
    return values?.removePicture ? { pictureUploadId: null } : {};
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values || isSaving) return;
    setIsSaving(true);
    try {
      if (props.mode === "paid") {
        const checked = paidInputOf(values, campaign?.id);
        if (!checked.ok) return refuse(checked.errors);
        await props.onSave({ ...checked.input, ...(await pictureChange()) });
      } else {
        const checked = houseInputOf(values, campaign?.id);
        if (!checked.ok) return refuse(checked.errors);
        await props.onSave({ ...checked.input, ...(await pictureChange()) });
      }
      onOpenChange(false);
    } catch (error) {
      if (error instanceof UploadError) {
        setErrors({ picture: [error.message] });
        setMessage(error.message);
        return;
      }
      const details = describeError(error, "Could not save the ad.");
      const found = formErrorsOf(details.fieldErrors);
      setErrors(found);
      setMessage(
        errorCode(error) === "INSUFFICIENT_COINS" ? (
          <ShortOfCoins
            message={details.message}
            need={Math.ceil(parseCoins(values.budgetCoins) - heldCoins - (options.data?.balance ?? 0))}
          />
        ) : (
          details.message
        ),
      );
    } finally {
      setIsSaving(false);
    }
  };

  const [newTitle, editTitle] = TITLES[mode];
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={campaign ? editTitle : newTitle}
      description={mode === "paid" && !campaign ? "The team looks at every ad before it runs." : undefined}
      size="lg"
      className="max-sm:h-dvh! max-sm:max-h-dvh! max-sm:rounded-none! sm:max-w-5xl!"
      submitLabel={campaign ? "Save changes" : mode === "paid" ? "Submit for review" : "Create house ad"}
      isPending={isSaving}
      isCancelDisabled={isSaving}
      canSubmit={values !== null}
      error={message}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      {values && options.data ? (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0 space-y-8">
            {campaign && mode === "paid" ? (
              <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-100">
                Changing the headline, text, call to action, picture or what the ad promotes sends it back to
                review.
              </p>
            ) : null}
            <Field
              label="Campaign name"
              hint={
                mode === "paid"
                  ? "For you alone; readers never see it."
                  : "For the team; readers never see it."
              }
              error={errors.name}
              required
            >
              <Input
                value={values.name}
                maxLength={AD_NAME_MAX_LENGTH}
                onChange={(event) => change({ name: event.target.value })}
              />
            </Field>
            <TargetSection mode={mode} values={values} onChange={change} errors={errors} />
            <CreativeSection
              values={values}
              onChange={change}
              errors={errors}
              shownPicture={shownPicture}
              hasOwnPicture={ownPicture !== null}
            />
            <PlacementsSection
              mode={mode}
              placements={options.data.placements}
              values={values}
              onChange={change}
              errors={errors}
            />
            <AudienceSection values={values} onChange={change} errors={errors} />
            <ScheduleSection
              mode={mode}
              heldCoins={heldCoins}
              options={options.data}
              values={values}
              onChange={change}
              errors={errors}
            />
          </div>
          <PreviewSection
            ad={{
              headline: values.headline,
              body: values.body,
              cta: values.cta,
              imageUrl: shownPicture,
              house: mode === "house",
            }}
            placements={values.placements}
            className="lg:self-start"
          />
        </div>
      ) : (
        <div className="space-y-4" role="status" aria-label="Loading the form">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      )}
    </FormDialog>
  );
}

function ShortOfCoins({ message, need }: { message: string; need: number }) {
  const query = new URLSearchParams({ returnTo: "/ads/my-ads" });
  if (Number.isFinite(need) && need > 0) query.set("need", String(need));
  return (
    <>
      {message}{" "}
      <Link to={`/coins/buy?${query}`} className="underline">
        Buy coins
      </Link>
    </>
  );
}
