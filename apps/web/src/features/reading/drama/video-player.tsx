// The vertical video player: the episode's video with its poster and subtitles, controls that
// fade while it plays, keyboard shortcuts, full screen and picture-in-picture. Resumes where the
// viewer stopped, records the position as it plays, marks the episode watched near its end and
// then offers (and counts down to) the next one, whose video it has started fetching already.
import type { EpisodePayload } from "@litverse/shared/content";
import { useQuery } from "@tanstack/react-query";
import {
  Captions,
  CaptionsOff,
  Maximize,
  Minimize,
  Pause,
  PictureInPicture2,
  Play,
  RotateCcw,
  RotateCw,
  Volume1,
  Volume2,
  VolumeX,
} from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { Slider } from "../../../components/ui/slider.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useIsDrawnOnServer } from "../../../first-screen/handoff.ts";
import { formatDuration } from "../../../lib/format.ts";
import { isKeyForControl } from "../../../lib/keyboard.ts";
import { EpisodeEnd } from "../episode-end.tsx";
import { type Shortcut, ShortcutsDialog } from "../shortcuts-dialog.tsx";
import { type SavedPosition, useEpisodeProgress } from "../use-episode-progress.ts";
import { episodeQueryOptions, type ReaderReady } from "../use-reader-episode.ts";
import {
  bufferedEnd,
  chooseSubtitle,
  isWatched,
  resumeAt,
  SPEEDS,
  seekTarget,
  speedButtonLabel,
  speedLabel,
  stepSpeed,
} from "./player-logic.ts";
import { PlayerMenu } from "./player-menu.tsx";
import { usePlayerSettings } from "./player-settings.ts";
import { SeekBar } from "./seek-bar.tsx";

type VideoPayload = Extract<EpisodePayload, { kind: "video" }>;

const SKIP_S = 10;
const SAVE_EVERY_MS = 5_000;
const HIDE_CONTROLS_MS = 2_500;
/** Without an answer about the saved position by then, the episode starts from the top. */
const POSITION_WAIT_MS = 2_000;

const SHORTCUTS: Shortcut[] = [
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

interface PipVideo extends HTMLVideoElement {
  webkitEnterFullscreen?: () => void;
}

export function VideoPlayer({
  ready,
  video,
  areShortcutsOpen,
  onShortcutsOpenChange,
  className,
}: {
  ready: ReaderReady;
  video: VideoPayload;
  /** The keyboard shortcuts list, which the page's bar can open too. */
  areShortcutsOpen: boolean;
  onShortcutsOpenChange: (open: boolean) => void;
  className?: string;
}) {
  const { data } = ready;
  const isDrawnOnServer = useIsDrawnOnServer();
  const element = useRef<PipVideo>(null);
  const frame = useRef<HTMLElement>(null);
  const [frameElement, setFrameElement] = useState<HTMLElement | null>(null);
  const [settings, updateSettings] = usePlayerSettings();
  const [isPlaying, setIsPlaying] = useState(false);
  const [isWaiting, setIsWaiting] = useState(false);
  const [hasEnded, setHasEnded] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(video.durationMs / 1000);
  const [buffered, setBuffered] = useState(0);
  const [cue, setCue] = useState<string | null>(null);
  const [areControlsShown, setAreControlsShown] = useState(true);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const [isPip, setIsPip] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [canPreloadNext, setCanPreloadNext] = useState(false);
  const [failed, setFailed] = useState(false);
  // The page fetches the episode again (with newly signed addresses) before they run out; the
  // video keeps the address it started with, so that playing is not interrupted.
  const [src, setSrc] = useState(video.url);
  const latestUrl = useRef(video.url);
  latestUrl.current = video.url;
  const isScrubbing = useRef(false);
  const hasStarted = useRef(false);
  const isComplete = useRef(false);
  const lastSaveAt = useRef(0);
  const ignoreSeek = useRef(false);

  const subtitleIndex = chooseSubtitle(video.subtitles, settings.subtitles, navigator.languages ?? []);
  const supportsPip = typeof document !== "undefined" && document.pictureInPictureEnabled === true;
  const supportsFullscreen =
    typeof document !== "undefined" &&
    (document.fullscreenEnabled || typeof element.current?.webkitEnterFullscreen === "function");

  const { initial, save } = useEpisodeProgress(data, {
    // Another tab or device moved: follow it while this one is paused, not in the middle of watching.
    onRemoteMove: (position: SavedPosition) => {
      const media = element.current;
      const ms = position.locator?.ms;
      if (!media?.paused || typeof ms !== "number") return;
      ignoreSeek.current = true;
      media.currentTime = ms / 1000;
      setTime(ms / 1000);
    },
  });

  const record = useCallback(
    (force = false, media = element.current) => {
      if (!media || !hasStarted.current) return;
      const total =
        Number.isFinite(media.duration) && media.duration > 0 ? media.duration : video.durationMs / 1000;
      const ms = Math.round(media.currentTime * 1000);
      const watched = media.ended || isWatched(ms, total * 1000);
      const now = Date.now();
      if (!force && !watched && now - lastSaveAt.current < SAVE_EVERY_MS) return;
      if (watched && isComplete.current && !force) return;
      lastSaveAt.current = now;
      const isCompleted = watched && !isComplete.current;
      if (isCompleted) isComplete.current = true;
      save({
        fraction: total > 0 ? Math.min(1, media.currentTime / total) : 0,
        locator: { ms },
        ...(isCompleted ? { isCompleted: true } : {}),
      });
    },
    [save, video.durationMs],
  );

  // Start where the viewer stopped; play at once when they came here by a click (a fresh load
  // waits for one: browsers refuse sound before the page has been used).
  useEffect(() => {
    if (hasStarted.current) return;
    const begin = (position: SavedPosition | null) => {
      const media = element.current;
      if (!media || hasStarted.current) return;
      hasStarted.current = true;
      isComplete.current = position?.isCompleted ?? false;
      const startMs = resumeAt(position, video.durationMs);
      const seek = () => {
        if (startMs > 0 && media.currentTime < 0.5) media.currentTime = startMs / 1000;
      };
      if (media.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
      else media.addEventListener("loadedmetadata", seek, { once: true });
      setTime(startMs / 1000);
      if (navigator.userActivation?.hasBeenActive && media.paused) void media.play().catch(() => {});
    };
    if (initial !== undefined) {
      begin(initial);
      return;
    }
    const timer = setTimeout(() => begin(null), POSITION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [initial, video.durationMs]);

  // Volume, mute and speed follow the settings.
  useEffect(() => {
    const media = element.current;
    if (!media) return;
    media.volume = settings.volume;
    media.muted = settings.muted;
    media.defaultPlaybackRate = settings.speed;
    media.playbackRate = settings.speed;
  }, [settings.volume, settings.muted, settings.speed]);

  // The chosen subtitles load and their lines are drawn by the player (above its controls);
  // the others stay off.
  useEffect(() => {
    const media = element.current;
    if (!media) return;
    const tracks = media.textTracks;
    let active: TextTrack | null = null;
    const show = () => {
      const lines = active?.activeCues ? [...active.activeCues] : [];
      const text = lines
        .map((line) => (line as VTTCue).text.replace(/<[^>]+>/g, ""))
        .join("\n")
        .trim();
      setCue(text || null);
    };
    const apply = () => {
      for (let index = 0; index < tracks.length; index++) {
        const track = tracks[index] as TextTrack;
        const wanted = index === subtitleIndex ? "hidden" : "disabled";
        if (track.mode !== wanted) track.mode = wanted;
      }
      const next = subtitleIndex === null ? null : (tracks[subtitleIndex] ?? null);
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
  }, [subtitleIndex]);

  // The controls fade after a moment of playing untouched, and stay while paused or in a menu.
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const wake = useCallback(() => {
    setAreControlsShown(true);
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setAreControlsShown(false), HIDE_CONTROLS_MS);
  }, []);
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );
  // The media element's own events drive the state shown.
  useEffect(() => {
    const media = element.current;
    if (!media) return;
    const updateBuffer = () => {
      const ranges: Array<[number, number]> = [];
      for (let index = 0; index < media.buffered.length; index++) {
        ranges.push([media.buffered.start(index), media.buffered.end(index)]);
      }
      setBuffered(bufferedEnd(ranges, media.currentTime));
    };
    const finish = () => {
      setIsPlaying(false);
      setHasEnded(true);
      setAreControlsShown(true);
      record(true);
    };
    const handlers: Record<string, () => void> = {
      play: () => {
        setIsPlaying(true);
        setHasEnded(false);
        wake();
      },
      playing: () => setIsWaiting(false),
      pause: () => {
        setIsPlaying(false);
        record(true);
      },
      waiting: () => setIsWaiting(true),
      canplay: () => setIsWaiting(false),
      canplaythrough: () => setCanPreloadNext(true),
      timeupdate: () => {
        if (!isScrubbing.current) setTime(media.currentTime);
        updateBuffer();
        if (!media.paused) record();
      },
      progress: updateBuffer,
      durationchange: () => {
        if (Number.isFinite(media.duration) && media.duration > 0) setDuration(media.duration);
      },
      seeked: () => {
        if (ignoreSeek.current) ignoreSeek.current = false;
        // Paused media that is moved to its end does not say "ended"; it has, all the same.
        else if (media.ended) finish();
        else if (media.paused) record(true);
      },
      ended: finish,
      error: () => {
        // The address signed for this episode ran out while it was open: carry on from the same
        // spot with the newer one the page has fetched meanwhile.
        const newer = new URL(latestUrl.current, window.location.href).href;
        if (newer === media.currentSrc) {
          setFailed(true);
          return;
        }
        const at = media.currentTime;
        const wasPlaying = !media.paused;
        media.addEventListener(
          "loadedmetadata",
          () => {
            media.currentTime = at;
            if (wasPlaying) void media.play().catch(() => {});
          },
          { once: true },
        );
        setSrc(latestUrl.current);
      },
      enterpictureinpicture: () => setIsPip(true),
      leavepictureinpicture: () => setIsPip(false),
    };
    for (const [name, handler] of Object.entries(handlers)) media.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) media.removeEventListener(name, handler);
      // Leaving for another page or episode keeps the latest spot.
      if (!media.ended) record(true, media);
    };
  }, [record, wake]);

  // Hiding the page records where the viewer is.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") record(true);
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onHide);
    };
  }, [record]);

  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const controlsVisible = areControlsShown || !isPlaying || isMenuOpen || hasEnded || failed;

  const togglePlay = useCallback(() => {
    const media = element.current;
    if (!media) return;
    if (media.paused || media.ended) {
      hasStarted.current = true;
      void media.play().catch(() => {});
    } else media.pause();
  }, []);

  const seekTo = useCallback((seconds: number) => {
    const media = element.current;
    if (!media) return;
    media.currentTime = seconds;
    setTime(seconds);
    if (!media.ended) setHasEnded(false);
  }, []);

  const skip = useCallback(
    (delta: number) => {
      const media = element.current;
      if (!media) return;
      seekTo(seekTarget(media.currentTime, delta, media.duration));
    },
    [seekTo],
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
  }, []);

  const togglePip = useCallback(() => {
    const media = element.current;
    if (!media || !document.pictureInPictureEnabled) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture();
    else void media.requestPictureInPicture().catch(() => {});
  }, []);

  const openHelp = () => {
    // The list opens over the page, which full screen would hide.
    if (document.fullscreenElement) void document.exitFullscreen();
    onShortcutsOpenChange(true);
  };

  const keys = useRef<(event: KeyboardEvent) => void>(() => {});
  keys.current = (event) => {
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
    const onKey = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // The next episode's video starts loading once this one can play to its end.
  const next = useQuery({ ...episodeQueryOptions(data.content._id, data.nextNumber ?? 0), enabled: false });
  const nextVideo =
    data.nextNumber !== null && next.data?.payload.kind === "video" ? next.data.payload : null;

  const isMuted = settings.muted || settings.volume === 0;
  const VolumeIcon = isMuted ? VolumeX : settings.volume < 0.5 ? Volume1 : Volume2;
  const subtitleValue = subtitleIndex === null ? "off" : (video.subtitles[subtitleIndex]?.language ?? "off");

  return (
    <div className={cn("relative flex min-h-0 items-center justify-center bg-black", className)}>
      <section
        aria-label="Video player"
        ref={(node) => {
          frame.current = node;
          setFrameElement(node);
        }}
        className="relative h-full max-h-full w-full overflow-hidden bg-black lg:w-auto lg:max-w-full"
        style={{ aspectRatio: `${video.width} / ${video.height}` }}
        onPointerMove={(event) => {
          if (event.pointerType === "mouse") wake();
        }}
        onPointerLeave={() => {
          if (isPlaying) setAreControlsShown(false);
        }}
        data-testid="video-frame"
      >
        {/* biome-ignore lint/a11y/useMediaCaption: the episode's subtitle tracks are below; a caption track is the uploader's to add */}
        <video
          ref={element}
          src={src}
          poster={video.posterUrl ?? undefined}
          // The server's drawing shows the poster; the video itself is the app's to fetch.
          preload={isDrawnOnServer ? "none" : "auto"}
          playsInline
          className="size-full object-contain"
          aria-label={`${data.content.title}, episode ${data.episode.number}`}
          data-testid="episode-video"
        >
          {video.subtitles.map((subtitle) => (
            <track
              key={subtitle.url}
              kind="subtitles"
              src={subtitle.url}
              srcLang={subtitle.language}
              label={subtitle.label}
            />
          ))}
        </video>

        {/* A tap or click on the picture plays or pauses; a double click goes full screen. */}
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          className="absolute inset-0 cursor-default"
          onClick={() => {
            togglePlay();
            wake();
          }}
          onDoubleClick={toggleFullscreen}
        />

        {cue && !hasEnded ? (
          <div
            className={cn(
              "pointer-events-none absolute inset-x-3 flex justify-center transition-[bottom] duration-200",
              controlsVisible ? "bottom-32" : "bottom-8",
            )}
          >
            <p
              className="max-w-[36rem] rounded-md bg-black/75 px-2.5 py-1 text-center text-base leading-snug font-medium whitespace-pre-line text-white sm:text-lg"
              data-testid="subtitle-text"
            >
              {cue}
            </p>
          </div>
        ) : null}

        {isWaiting && isPlaying ? (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center text-white">
            <Spinner size="lg" label="Loading" />
          </div>
        ) : null}

        {failed ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/80 p-6 text-center text-white">
            <p className="font-semibold">This video could not be played.</p>
            <button
              type="button"
              className="rounded-lg bg-white/15 px-4 py-2 text-sm font-semibold hover:bg-white/25"
              onClick={() => {
                setFailed(false);
                element.current?.load();
              }}
            >
              Try again
            </button>
          </div>
        ) : null}

        {hasEnded ? (
          <div className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 bg-black/70 p-4">
            <EpisodeEnd ready={ready} autoAdvanceSeconds={5} />
            <button
              type="button"
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-white hover:bg-white/10"
              onClick={() => {
                seekTo(0);
                togglePlay();
              }}
            >
              <RotateCcw className="size-4" aria-hidden />
              Watch again
            </button>
          </div>
        ) : null}

        {/* Controls */}
        <div
          className={cn(
            "transition-opacity duration-200",
            controlsVisible
              ? "opacity-100"
              : "pointer-events-none opacity-0 focus-within:pointer-events-auto focus-within:opacity-100",
            hasEnded && "hidden",
          )}
        >
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center gap-8 sm:gap-10">
            <RoundButton label={`Back ${SKIP_S} seconds`} onClick={() => skip(-SKIP_S)} size="md">
              <RotateCcw aria-hidden />
              <span className="absolute text-[9px] font-bold" aria-hidden>
                {SKIP_S}
              </span>
            </RoundButton>
            <RoundButton label={isPlaying ? "Pause" : "Play"} onClick={togglePlay} size="lg">
              {isPlaying ? <Pause aria-hidden /> : <Play aria-hidden className="translate-x-0.5" />}
            </RoundButton>
            <RoundButton label={`Forward ${SKIP_S} seconds`} onClick={() => skip(SKIP_S)} size="md">
              <RotateCw aria-hidden />
              <span className="absolute text-[9px] font-bold" aria-hidden>
                {SKIP_S}
              </span>
            </RoundButton>
          </div>

          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/50 to-transparent px-3 pt-10 pb-[max(0.5rem,env(safe-area-inset-bottom))] text-white sm:px-4">
            <SeekBar
              time={time}
              duration={duration}
              buffered={buffered}
              onSeek={seekTo}
              onScrub={(value) => {
                isScrubbing.current = value;
                if (value) wake();
              }}
            />
            <div className="mt-1 flex items-center gap-0.5 sm:gap-1">
              <span
                className="mr-auto text-xs font-medium whitespace-nowrap tabular-nums sm:text-sm"
                data-testid="video-time"
              >
                <span className="sr-only">Elapsed </span>
                {formatDuration(time * 1000)}
                <span className="text-white/60"> / {formatDuration(duration * 1000)}</span>
              </span>
              <div className="group/volume flex items-center">
                <IconButton label={isMuted ? "Unmute" : "Mute"} onClick={toggleMute}>
                  <VolumeIcon aria-hidden />
                </IconButton>
                <div className="w-16 max-sm:hidden">
                  <Slider
                    label="Volume"
                    min={0}
                    max={1}
                    step={0.05}
                    value={[isMuted ? 0 : settings.volume]}
                    valueText={(value) => `${Math.round(value * 100)}%`}
                    onValueChange={([value]) => value !== undefined && changeVolume(value)}
                  />
                </div>
              </div>
              <PlayerMenu
                label={speedButtonLabel(settings.speed)}
                title="Speed"
                trigger={<span className="text-xs font-bold tabular-nums sm:text-sm">{settings.speed}×</span>}
                triggerClassName={ICON_BUTTON}
                value={String(settings.speed)}
                options={SPEEDS.map((speed) => ({ value: String(speed), label: speedLabel(speed) }))}
                onChange={(value) => setSpeed(Number(value))}
                container={frameElement}
                onOpenChange={setIsMenuOpen}
              />
              {video.subtitles.length > 0 ? (
                <PlayerMenu
                  label={`Subtitles, ${subtitleIndex === null ? "off" : (video.subtitles[subtitleIndex]?.label ?? "on")}`}
                  title="Subtitles"
                  trigger={subtitleIndex === null ? <CaptionsOff aria-hidden /> : <Captions aria-hidden />}
                  triggerClassName={ICON_BUTTON}
                  value={subtitleValue}
                  options={[
                    { value: "off", label: "Off" },
                    ...video.subtitles.map((subtitle) => ({
                      value: subtitle.language,
                      label: subtitle.label,
                    })),
                  ]}
                  onChange={setSubtitles}
                  container={frameElement}
                  onOpenChange={setIsMenuOpen}
                />
              ) : null}
              {supportsPip ? (
                <IconButton
                  label={isPip ? "Exit picture in picture" : "Picture in picture"}
                  onClick={togglePip}
                >
                  <PictureInPicture2 aria-hidden />
                </IconButton>
              ) : null}
              {supportsFullscreen ? (
                <IconButton
                  label={isFullscreen ? "Exit full screen" : "Full screen"}
                  onClick={toggleFullscreen}
                >
                  {isFullscreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
                </IconButton>
              ) : null}
            </div>
          </div>
        </div>
      </section>

      {canPreloadNext && nextVideo ? (
        <video
          src={nextVideo.url}
          preload="auto"
          muted
          playsInline
          aria-hidden
          tabIndex={-1}
          className="pointer-events-none absolute size-px opacity-0"
          data-testid="next-episode-preload"
        />
      ) : null}

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <ShortcutsDialog open={areShortcutsOpen} onOpenChange={onShortcutsOpenChange} shortcuts={SHORTCUTS} />
    </div>
  );
}

const ICON_BUTTON =
  "relative inline-flex size-9 shrink-0 items-center justify-center rounded-full text-white transition hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white [&_svg]:size-5";

function IconButton({
  label,
  onClick,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={cn(ICON_BUTTON, className)}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function RoundButton({
  label,
  onClick,
  size,
  children,
}: {
  label: string;
  onClick: () => void;
  size: "md" | "lg";
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn(
        "pointer-events-auto relative inline-flex items-center justify-center rounded-full bg-black/45 text-white backdrop-blur-sm transition hover:bg-black/60 focus-visible:outline-2 focus-visible:outline-white",
        size === "lg" ? "size-16 [&_svg]:size-8" : "size-12 [&_svg]:size-6",
      )}
    >
      {children}
    </button>
  );
}
