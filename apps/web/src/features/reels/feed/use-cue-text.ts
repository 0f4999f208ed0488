// The caption line showing now, read from the video's caption track, for the feed to draw above
// its own overlay (the browser's own rendering would sit under the caption and buttons).
import { useEffect, useState } from "react";

export function useCueText(video: HTMLVideoElement | null, isOn: boolean): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!video) return;
    const tracks = video.textTracks;
    let active: TextTrack | null = null;
    const show = () => {
      const cues = active?.activeCues ? [...active.activeCues] : [];
      const line = cues
        .map((cue) => (cue as VTTCue).text.replace(/<[^>]+>/g, ""))
        .join("\n")
        .trim();
      setText(line || null);
    };
    const apply = () => {
      const track = tracks[0] ?? null;
      for (let index = 0; index < tracks.length; index++) {
        const each = tracks[index] as TextTrack;
        const wanted = isOn && each === track ? "hidden" : "disabled";
        if (each.mode !== wanted) each.mode = wanted;
      }
      const next = isOn ? track : null;
      if (next !== active) {
        active?.removeEventListener("cuechange", show);
        active = next;
        active?.addEventListener("cuechange", show);
      }
      show();
    };
    apply();
    tracks.addEventListener("addtrack", apply);
    return () => {
      tracks.removeEventListener("addtrack", apply);
      active?.removeEventListener("cuechange", show);
    };
  }, [video, isOn]);
  return isOn ? text : null;
}
