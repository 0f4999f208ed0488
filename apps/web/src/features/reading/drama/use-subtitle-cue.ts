// The chosen subtitles load and their lines are drawn by the player (above its controls); the
// others stay off.
import { type RefObject, useEffect, useState } from "react";

/** The line of the chosen subtitles now showing, or null. */
export function useSubtitleCue(element: RefObject<HTMLVideoElement | null>, subtitleIndex: number | null) {
  const [cue, setCue] = useState<string | null>(null);

  useEffect(() => {
    const media = element.current;
    if (!media) return;
    const tracks = media.textTracks;
    let active: TextTrack | null = null;
    const showActiveCue = () => {
      const lines = active?.activeCues ? [...active.activeCues] : [];
      const text = lines
        .map((line) => (line as VTTCue).text.replace(/<[^>]+>/g, ""))
        .join("\n")
        .trim();
      setCue(text || null);
    };
    const applySubtitleChoice = () => {
      for (let index = 0; index < tracks.length; index++) {
        const track = tracks[index] as TextTrack;
        const wanted = index === subtitleIndex ? "hidden" : "disabled";
        if (track.mode !== wanted) track.mode = wanted;
      }
      const next = subtitleIndex === null ? null : (tracks[subtitleIndex] ?? null);
      if (next !== active) {
        active?.removeEventListener("cuechange", showActiveCue);
        active = next;
        active?.addEventListener("cuechange", showActiveCue);
      }
      showActiveCue();
    };
    applySubtitleChoice();
    tracks.addEventListener("addtrack", applySubtitleChoice);
    return () => {
      tracks.removeEventListener("addtrack", applySubtitleChoice);
      active?.removeEventListener("cuechange", showActiveCue);
    };
  }, [subtitleIndex, element]);

  return cue;
}
