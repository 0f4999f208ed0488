// What the player's buttons, menus and keys do: play and pause, seeking and skipping, speed,
// subtitles, volume, full screen, picture-in-picture and the shortcuts list; and its keyboard
// shortcuts, anywhere on the page but in a control that takes the key.
import type { EpisodePayload } from "@litverse/shared/content";
import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { isKeyForControl } from "../../../lib/keyboard.ts";
import type { Shortcut } from "../shortcuts-dialog.tsx";
import { seekTarget, speedLabel, stepSpeed } from "./player-logic.ts";
import type { PlayerSettings } from "./player-settings.ts";

type VideoPayload = Extract<EpisodePayload, { kind: "video" }>;

/** How far the skip buttons and keys move, in seconds. */
export const SKIP_S = 10;

export interface PipVideo extends HTMLVideoElement {
  webkitEnterFullscreen?: () => void;
}

export type VideoControls = ReturnType<typeof useVideoControls>;

export function useVideoControls({
  element,
  frame,
  video,
  settings,
  updateSettings,
  hasStarted,
  setTime,
  setHasEnded,
  setAnnouncement,
  onShortcutsOpenChange,
}: {
  element: RefObject<PipVideo | null>;
  /** The player's frame, which goes full screen. */
  frame: RefObject<HTMLElement | null>;
  video: VideoPayload;
  settings: PlayerSettings;
  updateSettings: (patch: Partial<PlayerSettings>) => void;
  /** The viewer has started the episode: its position is worth recording. */
  hasStarted: RefObject<boolean>;
  setTime: Dispatch<SetStateAction<number>>;
  setHasEnded: Dispatch<SetStateAction<boolean>>;
  setAnnouncement: Dispatch<SetStateAction<string>>;
  onShortcutsOpenChange: (open: boolean) => void;
}) {
  const togglePlay = useCallback(() => {
    const media = element.current;
    if (!media) return;
    if (media.paused || media.ended) {
      hasStarted.current = true;
      void media.play().catch(() => {});
    } else media.pause();
  }, [element, hasStarted]);

  const seekTo = useCallback(
    (seconds: number) => {
      const media = element.current;
      if (!media) return;
      media.currentTime = seconds;
      setTime(seconds);
      if (!media.ended) setHasEnded(false);
    },
    [element, setTime, setHasEnded],
  );

  const skip = useCallback(
    (delta: number) => {
      const media = element.current;
      if (!media) return;
      seekTo(seekTarget(media.currentTime, delta, media.duration));
    },
    [seekTo, element],
  );

  const setSpeed = (speed: number) => {
    updateSettings({ speed });
    setAnnouncement(`Speed ${speedLabel(speed).toLowerCase()}`);
  };
  const setSubtitles = (value: string) => {
    updateSettings({ subtitles: value });
    const track = video.subtitles.find((subtitle) => subtitle.language === value);
    setAnnouncement(track ? `Subtitles: ${track.label}` : "Subtitles off");
  };
  const toggleMute = () => {
    const muted = !(settings.muted || settings.volume === 0);
    updateSettings(muted ? { muted } : { muted, volume: settings.volume === 0 ? 0.5 : settings.volume });
    setAnnouncement(muted ? "Muted" : "Sound on");
  };
  const changeVolume = (volume: number) => {
    const clamped = Math.round(Math.min(1, Math.max(0, volume)) * 100) / 100;
    updateSettings({ volume: clamped, muted: clamped === 0 });
  };

  const toggleFullscreen = useCallback(() => {
    const target = frame.current;
    const media = element.current;
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (target?.requestFullscreen) void target.requestFullscreen().catch(() => {});
    // Phones without full screen for elements (iOS) have it for the video itself.
    else media?.webkitEnterFullscreen?.();
  }, [frame, element]);

  const togglePip = useCallback(() => {
    const media = element.current;
    if (!media || !document.pictureInPictureEnabled) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture();
    else void media.requestPictureInPicture().catch(() => {});
  }, [element]);

  const openHelp = () => {
    // The list opens over the page, which full screen would hide.
    if (document.fullscreenElement) void document.exitFullscreen();
    onShortcutsOpenChange(true);
  };

  return {
    togglePlay,
    seekTo,
    skip,
    setSpeed,
    setSubtitles,
    toggleMute,
    changeVolume,
    toggleFullscreen,
    togglePip,
    openHelp,
  };
}

/** Whether the player's frame is full screen. */
export function useIsFullscreen(frame: RefObject<HTMLElement | null>) {
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    const onFullscreenChange = () => setIsFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener("fullscreenchange", onFullscreenChange);
    return () => document.removeEventListener("fullscreenchange", onFullscreenChange);
  }, [frame]);
  return isFullscreen;
}

export const SHORTCUTS: Shortcut[] = [
  { keys: ["Space", "K"], label: "Play or pause" },
  { keys: ["J", "←"], label: `Back ${SKIP_S} seconds` },
  { keys: ["L", "→"], label: `Forward ${SKIP_S} seconds` },
  { keys: ["↑", "↓"], label: "Volume up or down" },
  { keys: ["M"], label: "Mute or unmute" },
  { keys: ["C"], label: "Subtitles on or off" },
  { keys: ["<", ">"], label: "Slower or faster" },
  { keys: ["0–9"], label: "Jump to 0% … 90%" },
  { keys: ["F"], label: "Full screen" },
  { keys: ["P"], label: "Picture in picture" },
  { keys: ["?"], label: "This list" },
];

export function useVideoKeyboard({
  element,
  controls,
  video,
  settings,
  subtitleIndex,
  wake,
  setAnnouncement,
}: {
  element: RefObject<HTMLVideoElement | null>;
  controls: VideoControls;
  video: VideoPayload;
  settings: PlayerSettings;
  /** The subtitles showing, or null when off. */
  subtitleIndex: number | null;
  /** Shows the controls for a moment. */
  wake: () => void;
  setAnnouncement: Dispatch<SetStateAction<string>>;
}) {
  const {
    togglePlay,
    skip,
    changeVolume,
    toggleMute,
    setSubtitles,
    setSpeed,
    toggleFullscreen,
    togglePip,
    seekTo,
    openHelp,
  } = controls;
  const handleKeyRef = useRef<(event: KeyboardEvent) => void>(() => {});
  handleKeyRef.current = (event) => {
    if (isKeyForControl(event) || event.ctrlKey) return;
    const media = element.current;
    if (!media) return;
    let handled = true;
    switch (event.key) {
      case " ":
      case "k":
      case "K":
        togglePlay();
        break;
      case "j":
      case "J":
      case "ArrowLeft":
        skip(-SKIP_S);
        break;
      case "l":
      case "L":
      case "ArrowRight":
        skip(SKIP_S);
        break;
      case "ArrowUp":
        changeVolume(settings.volume + 0.1);
        setAnnouncement(`Volume ${Math.round(Math.min(1, settings.volume + 0.1) * 100)}%`);
        break;
      case "ArrowDown":
        changeVolume(settings.volume - 0.1);
        setAnnouncement(`Volume ${Math.round(Math.max(0, settings.volume - 0.1) * 100)}%`);
        break;
      case "m":
      case "M":
        toggleMute();
        break;
      case "c":
      case "C":
        if (video.subtitles.length > 0) {
          setSubtitles(subtitleIndex === null ? (video.subtitles[0]?.language ?? "off") : "off");
        }
        break;
      case ">":
        setSpeed(stepSpeed(settings.speed, 1));
        break;
      case "<":
        setSpeed(stepSpeed(settings.speed, -1));
        break;
      case "f":
      case "F":
        toggleFullscreen();
        break;
      case "p":
      case "P":
        togglePip();
        break;
      case "Home":
        seekTo(0);
        break;
      case "End":
        if (Number.isFinite(media.duration)) seekTo(media.duration);
        break;
      case "?":
        openHelp();
        break;
      default:
        if (/^[0-9]$/.test(event.key) && Number.isFinite(media.duration)) {
          seekTo((media.duration * Number(event.key)) / 10);
        } else handled = false;
    }
    if (handled) {
      event.preventDefault();
      wake();
    }
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => handleKeyRef.current(event);
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
