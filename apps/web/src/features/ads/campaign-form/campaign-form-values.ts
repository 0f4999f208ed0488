// The campaign form's values and what they become: the function's input, checked with the shared
// schema first, so that each field shows its own message before anything is sent or uploaded; and
// the server's refusals, pointed at the same fields.
import {
  AD_CALLS_TO_ACTION,
  type AdCallToAction,
  type AdCampaign,
  type AdPlacement,
  type AdPlacementSettings,
  type AdPricing,
  type AdTargetKind,
  type AdTargetOption,
  type AdvertiserTargetKind,
  type HouseAdPriority,
} from "@litverse/shared/ads";
import {
  createCampaignInput,
  createHouseAdInput,
  updateCampaignInput,
  updateHouseAdInput,
} from "@litverse/shared/ads-inputs";
import type { Age } from "@litverse/shared/constants";
import type { ContentType } from "@litverse/shared/content";
import type { z } from "zod";
import { parseCoins } from "./budget-reach.ts";
import { isoToLocalInput, localInputToIso, scheduleErrors, toLocalInput } from "./schedule-time.ts";

/** A reader's own campaign, paid in coins, or one of the team's house ads. */
export type CampaignFormMode = "paid" | "house";

export interface CampaignFormValues {
  name: string;
  targetKind: AdTargetKind;
  /** The title, club, story or reel chosen (paid ads and most house ads). */
  target: AdTargetOption | null;
  /** A house ad's outside link. */
  url: string;
  headline: string;
  body: string;
  cta: AdCallToAction;
  /** A new picture to upload. */
  pictureFile: File | null;
  /** Drop the ad's own picture and show the target's. */
  removePicture: boolean;
  placements: AdPlacement[];
  contentTypes: ContentType[];
  genres: string[];
  languages: string[];
  /** datetime-local values, in the person's own time. */
  startsAt: string;
  endsAt: string;
  pricing: AdPricing;
  /** As typed: whole coins. */
  budgetCoins: string;
  priority: HouseAdPriority;
  minAge: Age;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_WEEKS_DAYS = 14;

/** A new campaign's values: the next whole hour for two weeks, the first open placement. */
export function emptyValues(
  placements: readonly AdPlacementSettings[],
  now = new Date(),
): CampaignFormValues {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  const first = placements.find((row) => row.enabled);
  return {
    name: "",
    targetKind: "title",
    target: null,
    url: "",
    headline: "",
    body: "",
    cta: AD_CALLS_TO_ACTION[0],
    pictureFile: null,
    removePicture: false,
    placements: first ? [first.placement] : [],
    contentTypes: [],
    genres: [],
    languages: [],
    startsAt: toLocalInput(start),
    endsAt: toLocalInput(new Date(start.getTime() + FIRST_WEEKS_DAYS * DAY_MS)),
    pricing: "cpm",
    budgetCoins: "",
    priority: "equal",
    minAge: 13,
  };
}

const isPromotable = (kind: AdTargetKind): kind is AdvertiserTargetKind => kind !== "plan" && kind !== "link";

/** A campaign as the form edits it: the picture stays unless changed. */
export function valuesOfCampaign(campaign: AdCampaign): CampaignFormValues {
  const { target } = campaign;
  return {
    name: campaign.name,
    targetKind: target.kind,
    target:
      isPromotable(target.kind) && target.id
        ? {
            kind: target.kind,
            id: target.id,
            label: target.label,
            imageUrl: target.imageUrl,
            ageRating: campaign.minAge,
          }
        : null,
    url: target.url ?? "",
    headline: campaign.creative.headline,
    body: campaign.creative.body,
    cta: campaign.creative.cta,
    pictureFile: null,
    removePicture: false,
    placements: [...campaign.placements],
    contentTypes: [...campaign.audience.contentTypes],
    genres: [...campaign.audience.genres],
    languages: [...campaign.audience.languages],
    startsAt: isoToLocalInput(campaign.startsAt),
    endsAt: isoToLocalInput(campaign.endsAt),
    pricing: campaign.pricing ?? "cpm",
    budgetCoins: campaign.budgetCoins === null ? "" : String(campaign.budgetCoins),
    priority: campaign.priority ?? "equal",
    minAge: campaign.minAge,
  };
}

/** The fields both kinds of ad send, the picture left out (it is uploaded once the rest is valid). */
function commonInput(values: CampaignFormValues) {
  const kind = values.targetKind;
  return {
    name: values.name,
    target:
      kind === "link"
        ? { kind, url: values.url.trim() }
        : kind === "plan"
          ? { kind }
          : { kind, id: values.target?.kind === kind ? values.target.id : null },
    headline: values.headline,
    body: values.body,
    cta: values.cta,
    placements: values.placements,
    audience: { contentTypes: values.contentTypes, genres: values.genres, languages: values.languages },
    // An unreadable time is sent as it is typed, for the schema to say so at its field.
    startsAt: localInputToIso(values.startsAt) ?? values.startsAt,
    endsAt: localInputToIso(values.endsAt) ?? values.endsAt,
  };
}

export type FormErrors = Record<string, string[]>;

/** What is saved: a new ad, or a change to one (with its id). */
export type PaidSave = z.output<typeof createCampaignInput> | z.output<typeof updateCampaignInput>;
export type HouseSave = z.output<typeof createHouseAdInput> | z.output<typeof updateHouseAdInput>;

/**
 * Where a message belongs in the form, from its input path ("target.url", "audience.genres.2"):
 * the audience's parts and the link's address have fields of their own, the rest go by their
 * top-level name; "form" for the form as a whole.
 */
export function errorKeyOf(path: string): string {
  const [first = "", second] = path.split(".");
  if (first === "") return "form";
  if (first === "audience" && second) return second;
  if (first === "target" && second === "url") return "url";
  if (first === "pictureUploadId") return "picture";
  return first;
}

/** Server field errors, keyed as the form's fields. */
export function formErrorsOf(fieldErrors: Record<string, string[]>): FormErrors {
  const result: FormErrors = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const key = errorKeyOf(path);
    result[key] = [...(result[key] ?? []), ...messages];
  }
  return result;
}

function issuesOf(error: z.ZodError): FormErrors {
  const result: FormErrors = {};
  for (const issue of error.issues) {
    const key = errorKeyOf(issue.path.map(String).join("."));
    if (!result[key]?.includes(issue.message)) result[key] = [...(result[key] ?? []), issue.message];
  }
  return result;
}

type Checked<T> = { ok: true; input: T } | { ok: false; errors: FormErrors };

function checked<T>(values: CampaignFormValues, result: z.ZodSafeParseResult<T>): Checked<T> {
  if (result.success) return { ok: true, input: result.data };
  return { ok: false, errors: { ...scheduleErrors(values), ...issuesOf(result.error) } };
}

/** A paid campaign's input (create, or update when `campaignId` is given), without the picture. */
export function paidInputOf(values: CampaignFormValues, campaignId?: string): Checked<PaidSave> {
  const input = {
    ...commonInput(values),
    pricing: values.pricing,
    budgetCoins: parseCoins(values.budgetCoins),
  };
  const result = campaignId
    ? checked(values, updateCampaignInput.safeParse({ campaignId, ...input }))
    : checked(values, createCampaignInput.safeParse(input));
  // An empty field says what to do rather than what is wrong with nothing.
  if (!result.ok && values.budgetCoins.trim() === "") result.errors.budgetCoins = ["Give a budget in coins"];
  return result;
}

/** A house ad's input (create, or update when `campaignId` is given), without the picture. */
export function houseInputOf(values: CampaignFormValues, campaignId?: string): Checked<HouseSave> {
  const isOwnAudience = values.targetKind === "plan" || values.targetKind === "link";
  const input = {
    ...commonInput(values),
    priority: values.priority,
    ...(isOwnAudience ? { minAge: values.minAge } : {}),
  };
  return campaignId
    ? checked(values, updateHouseAdInput.safeParse({ campaignId, ...input }))
    : checked(values, createHouseAdInput.safeParse(input));
}
