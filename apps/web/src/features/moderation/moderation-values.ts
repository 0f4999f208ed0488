// The words and rules the moderation pages share: how urgent a category looks, the queue's filters
// read from the address, what a decision will do (said before it is made) and what it means for
// the person it is about (said after), and whether it can still be appealed.
import {
  HIDE_AUDIENCES,
  type HideAudience,
  MODERATION_KIND_LABELS,
  type ModerationAction,
  type ModerationDecision,
  type ModerationKind,
  type ReportCategory,
} from "@litverse/shared/moderation";
import type { Assignee, QueueState } from "@litverse/shared/moderation-queue-filters";
import type { BadgeVariant } from "../../components/ui/badge.tsx";

/** Illegal content and self-harm are looked at first: they stand out wherever they show. */
export function isUrgentCategory(category: ReportCategory): boolean {
  return category === "illegal_content" || category === "self_harm";
}

export function categoryTone(category: ReportCategory): BadgeVariant {
  if (isUrgentCategory(category)) return "danger";
  if (category === "violence" || category === "harassment_hate" || category === "sexual_content") {
    return "warning";
  }
  return "neutral";
}

export const QUEUE_STATE_LABELS: Record<QueueState, string> = {
  pending: "Waiting for a decision",
  decided: "Decided",
  appealed: "Appeal waiting",
  all: "All",
};

export const ASSIGNEE_LABELS: Record<Assignee, string> = {
  anyone: "Anyone",
  me: "Claimed by me",
  unclaimed: "Unclaimed",
};

export const AUDIENCE_LABELS: Record<HideAudience, string> = {
  everyone: "Everyone",
  minors: "Readers under 18",
};

export function isAudience(value: string): value is HideAudience {
  return (HIDE_AUDIENCES as readonly string[]).includes(value);
}

/** "a club post", "an interactive story": what an item is, in a sentence. */
export function kindInSentence(kind: ModerationKind): string {
  const words = MODERATION_KIND_LABELS[kind].toLowerCase();
  return `${/^[aeiou]/.test(words) ? "an" : "a"} ${words}`;
}

/** What the confirmation says a decision will do, before it is made. */
export function decisionConsequence({
  action,
  audience,
  suspendDays,
  label,
  authorName,
}: {
  action: ModerationAction;
  audience: HideAudience | null;
  suspendDays: number | null;
  /** The item: "Post in The Lantern Society". */
  label: string;
  authorName: string | null;
}): { title: string; text: string } {
  const author = authorName ?? "the author";
  const told = authorName ? ` ${authorName} is told why, and may appeal.` : "";
  switch (action) {
    case "dismiss":
      return {
        title: `Dismiss the reports about ${label}`,
        text: "It stays as it is and its reports are closed. Nothing counts against its author.",
      };
    case "hide":
      return {
        title: `Hide ${label}`,
        text: `${audience === "minors" ? "Readers under 18 no longer see it" : "Nobody but its author sees it any more"}; it is kept, and comes back if an appeal is upheld.${told}`,
      };
    case "remove":
      return {
        title: `Remove ${label}`,
        text: `Nobody sees it any more. It is kept only until the time to appeal runs out.${told}`,
      };
    case "restrict_earning":
      return {
        title: `Restrict earning for ${author}`,
        text: `${author} earns no coins or rewards from what they post until an appeal lifts it.${told}`,
      };
    case "warn":
      return {
        title: `Warn ${author}`,
        text: `The item stays; the warning counts as a strike on ${author}'s account.${told}`,
      };
    case "suspend": {
      const days = suspendDays ?? 0;
      return {
        title: `Suspend ${author} for ${days} ${days === 1 ? "day" : "days"}`,
        text: `Their sessions end now and signing in is refused until the suspension ends.${told}`,
      };
    }
    case "ban":
      return {
        title: `Ban ${author}`,
        text: `Their sessions end now and sign-in is refused until a moderator lifts the ban.${told}`,
      };
  }
}

/** What a decision means for the person it is about, in their statement of reasons. */
export function accountMeaning(
  decision: Pick<
    ModerationDecision,
    "action" | "audience" | "suspendedDays" | "isStrike" | "reversedAt" | "target"
  >,
): string {
  if (decision.reversedAt) return "It was reversed: nothing of it counts against your account any more.";
  const what = kindInSentence(decision.target.kind);
  const strike = decision.isStrike ? " It counts as a strike on your account." : "";
  switch (decision.action) {
    case "dismiss":
      return "Nothing changes for your account.";
    case "hide":
      return `Your ${MODERATION_KIND_LABELS[decision.target.kind].toLowerCase()} is hidden from ${decision.audience === "minors" ? "readers under 18" : "everyone but you"}.${strike}`;
    case "remove":
      return `The content (${what}) was removed.${strike}`;
    case "restrict_earning":
      return `You earn no coins or rewards from what you post until this is lifted.${strike}`;
    case "warn":
      return `A warning: nothing was taken down.${strike}`;
    case "suspend": {
      const days = decision.suspendedDays ?? 0;
      return `Your account was suspended for ${days} ${days === 1 ? "day" : "days"}.${strike}`;
    }
    case "ban":
      return `Your account is banned.${strike}`;
  }
}

/** A decision can be appealed once, until its last day, unless it was reversed or merely dismissed reports. */
export function canAppeal(
  decision: Pick<ModerationDecision, "action" | "appeal" | "appealableUntil" | "reversedAt">,
  now: number,
): boolean {
  return (
    decision.action !== "dismiss" &&
    decision.appeal === null &&
    decision.reversedAt === null &&
    Date.parse(decision.appealableUntil) >= now
  );
}

/** A weight as it reads in the queue: whole numbers plain, others to one decimal. */
export function formatWeight(weight: number): string {
  return Number.isInteger(weight) ? String(weight) : weight.toFixed(1);
}

/** Median hours as they read: "—" with none, minutes under an hour, else hours to one decimal. */
export function formatHours(hours: number | null): string {
  if (hours === null) return "—";
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  return `${hours < 10 ? hours.toFixed(1) : Math.round(hours)} h`;
}
