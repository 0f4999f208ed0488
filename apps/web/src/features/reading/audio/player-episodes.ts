// Moving between the chapters and episodes of a title: the previous or next chapter, else the
// episode before or after, through the page that shows the player (which changes episodes by
// changing its address) or, with none, directly.
import type { EpisodeContent } from "@litverse/shared/content";
import { nextChapterTarget, previousChapterTarget } from "./chapters.ts";
import type { PlayerCore, StartAt } from "./player-state.ts";

type PendingStart = { contentId: string; number: number; start: StartAt; autoplay: boolean };

export function createEpisodes(
  core: PlayerCore,
  {
    load,
    seek,
  }: {
    load: (data: EpisodeContent, options: { start?: StartAt; autoplay?: boolean }) => void;
    seek: (ms: number) => void;
  },
) {
  const { deps, setState, currentMs } = core;
  /** A page asked for another episode; it starts there when loaded. */
  let pendingStart: PendingStart | null = null;
  /** The page showing the player, which changes episodes by changing its address. */
  let navigator: { contentId: string; go: (number: number) => void } | null = null;
  let pagesAttached = 0;

  /** Another episode of the title: through the page when one shows the player, else directly. */
  async function goToEpisode(number: number, options: { start: StartAt; autoplay: boolean }) {
    const data = core.state.data;
    if (!data) return;
    const contentId = data.content._id;
    pendingStart = { contentId, number, ...options };
    if (navigator?.contentId === contentId) {
      navigator.go(number);
      return;
    }
    setState({ isAdvancing: true });
    try {
      const next = await deps.fetchEpisode(contentId, number);
      const request = takePendingStart(contentId, number);
      if (!request || core.state.data?.content._id !== contentId) return;
      load(next, { start: request.start, autoplay: request.autoplay });
    } catch {
      // Locked, not out, or offline: the player stays where it was.
      pendingStart = null;
    } finally {
      if (core.state.isAdvancing) setState({ isAdvancing: false });
    }
  }

  function previousChapter() {
    const target = previousChapterTarget(core.state.chapters, currentMs());
    if (target !== null) {
      seek(target);
      return;
    }
    const previous = core.state.data?.previousNumber;
    if (previous) void goToEpisode(previous, { start: "lastChapter", autoplay: core.state.isPlaying });
    else seek(0);
  }

  function nextChapter() {
    const target = nextChapterTarget(core.state.chapters, currentMs());
    if (target !== null) {
      seek(target);
      return;
    }
    const next = core.state.data?.nextNumber;
    if (next) void goToEpisode(next, { start: 0, autoplay: core.state.isPlaying });
  }

  function takePendingStart(contentId: string, number: number) {
    const request = pendingStart;
    if (!request || request.contentId !== contentId || request.number !== number) return null;
    pendingStart = null;
    return request;
  }

  return {
    goToEpisode,
    previousChapter,
    nextChapter,
    takePendingStart,
    /** The player closes: no episode is on its way. */
    forgetPendingStart() {
      pendingStart = null;
    },
    /** A page showing the player is on screen (it shows the end of an episode itself). */
    attachPage(contentId: string, go: (number: number) => void) {
      pagesAttached++;
      const own = { contentId, go };
      navigator = own;
      return () => {
        pagesAttached--;
        if (navigator === own) navigator = null;
      };
    },
    /** A page showing the player for this title is open. */
    isShownOnPage: (contentId: string) => pagesAttached > 0 && navigator?.contentId === contentId,
  };
}
