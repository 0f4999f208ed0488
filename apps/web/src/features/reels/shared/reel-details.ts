// What a reel says about itself, as its forms hold it: the caption, the title or episode it trails
// ("Watch the series"), and who may see it.
import type { ReelVisibility } from "@litverse/shared/reels";

/** The linked title as the form holds it: ids for the server, names for the person. */
export interface LinkValue {
  contentId: string;
  title: string;
  episodeId: string | null;
}

export interface ReelDetails {
  caption: string;
  link: LinkValue | null;
  visibility: ReelVisibility;
}

export const EMPTY_DETAILS: ReelDetails = { caption: "", link: null, visibility: "public" };

/** The details as createReel and updateReel take them. */
export function detailsInput(details: ReelDetails) {
  return {
    caption: details.caption.trim(),
    link: details.link ? { contentId: details.link.contentId, episodeId: details.link.episodeId } : null,
    visibility: details.visibility,
  };
}
