// The reel being prepared, kept on this device while it is prepared: its details and, once sent,
// its upload id, so a reload (or a phone dropping the tab) loses neither the words nor the upload.
import { REEL_VISIBILITIES, type ReelVisibility } from "@litverse/shared/reels";
import { EMPTY_DETAILS, type ReelDetails } from "../shared/reel-details.ts";

export interface ReelDraft {
  details: ReelDetails;
  /** A finished upload not posted yet. */
  sent: { name: string; size: number; uploadId: string } | null;
}

const keyFor = (userId: string, scope: string) => `litverse.reels.draft.${scope}.${userId}`;

const isString = (value: unknown): value is string => typeof value === "string";

/** The stored draft, read without trusting it; an empty one when there is none or it is unreadable. */
export function parseDraft(raw: string | null): ReelDraft {
  const empty: ReelDraft = { details: EMPTY_DETAILS, sent: null };
  if (!raw) return empty;
  try {
    const value = JSON.parse(raw) as {
      details?: { caption?: unknown; visibility?: unknown; link?: Record<string, unknown> | null };
      sent?: Record<string, unknown> | null;
    };
    const details = value.details ?? {};
    const link = details.link;
    const sent = value.sent;
    return {
      details: {
        caption: isString(details.caption) ? details.caption : "",
        visibility: (REEL_VISIBILITIES as readonly unknown[]).includes(details.visibility)
          ? (details.visibility as ReelVisibility)
          : "public",
        link:
          link && isString(link.contentId) && isString(link.title)
            ? {
                contentId: link.contentId,
                title: link.title,
                episodeId: isString(link.episodeId) ? link.episodeId : null,
              }
            : null,
      },
      sent:
        sent && isString(sent.name) && isString(sent.uploadId) && typeof sent.size === "number"
          ? { name: sent.name, size: sent.size, uploadId: sent.uploadId }
          : null,
    };
  } catch {
    return empty;
  }
}

export function readDraft(userId: string, scope: string): ReelDraft {
  try {
    return parseDraft(localStorage.getItem(keyFor(userId, scope)));
  } catch {
    return { details: EMPTY_DETAILS, sent: null };
  }
}

export function writeDraft(userId: string, scope: string, draft: ReelDraft | null): void {
  try {
    if (draft) localStorage.setItem(keyFor(userId, scope), JSON.stringify(draft));
    else localStorage.removeItem(keyFor(userId, scope));
  } catch {
    // Storage unavailable: the draft lasts as long as the page.
  }
}
