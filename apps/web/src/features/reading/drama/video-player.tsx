// The vertical video player: the episode's video with its poster and subtitles, controls that
// fade while it plays, keyboard shortcuts, full screen and picture-in-picture. Resumes where the
// viewer stopped, records the position as it plays, marks the episode watched near its end and
// then offers (and counts down to) the next one, whose video it has started fetching already.
import type { EpisodePayload } from "@litverse/shared/content";
import { useQuery } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useIsDrawnOnServer } from "../../../first-screen/handoff.ts";
import { EpisodeEnd } from "../episode-end.tsx";
import { ShortcutsDialog } from "../shortcuts-dialog.tsx";
import { episodeQueryOptions, type ReaderReady } from "../use-reader-episode.ts";
import { chooseSubtitle } from "./player-logic.ts";
import { type PlayerSettings, usePlayerSettings } from "./player-settings.ts";
import { useControlsFade } from "./use-controls-fade.ts";
import { useSubtitleCue } from "./use-subtitle-cue.ts";
import {
  type PipVideo,
  SHORTCUTS,
  useIsFullscreen,
  useVideoControls,
  useVideoKeyboard,
} from "./use-video-controls.ts";
import { useVideoElement } from "./use-video-element.ts";
import { useRecordWhenHidden, useVideoProgress } from "./use-video-progress.ts";
import { VideoControls } from "./video-controls.tsx";

type VideoPayload = Extract<EpisodePayload, { kind: "video" }>;

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
  const [time, setTime] = useState(0);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const isScrubbing = useRef(false);

  const subtitleIndex = chooseSubtitle(video.subtitles, settings.subtitles, navigator.languages ?? []);
  const supportsPip = typeof document !== "undefined" && document.pictureInPictureEnabled === true;
  const supportsFullscreen =
    typeof document !== "undefined" &&
    (document.fullscreenEnabled || typeof element.current?.webkitEnterFullscreen === "function");

  const { record, hasStarted, ignoreSeek } = useVideoProgress({
    data,
    durationMs: video.durationMs,
    element,
    setTime,
  });
  useElementFollowsSettings(element, settings);
  const cue = useSubtitleCue(element, subtitleIndex);
  const { areControlsShown, setAreControlsShown, wake } = useControlsFade();
  const {
    src,
    isPlaying,
    isWaiting,
    hasEnded,
    setHasEnded,
    duration,
    buffered,
    isPip,
    canPreloadNext,
    failed,
    setFailed,
  } = useVideoElement({
    element,
    url: video.url,
    durationMs: video.durationMs,
    record,
    wake,
    setAreControlsShown,
    setTime,
    isScrubbing,
    ignoreSeek,
  });
  useRecordWhenHidden(record);
  const isFullscreen = useIsFullscreen(frame);

  const controlsVisible = areControlsShown || !isPlaying || isMenuOpen || hasEnded || failed;

  const controls = useVideoControls({
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
  });
  const { togglePlay, seekTo, toggleFullscreen } = controls;
  useVideoKeyboard({ element, controls, video, settings, subtitleIndex, wake, setAnnouncement });

  // The next episode's video starts loading once this one can play to its end.
  const next = useQuery({ ...episodeQueryOptions(data.content._id, data.nextNumber ?? 0), enabled: false });
  const nextVideo =
    data.nextNumber !== null && next.data?.payload.kind === "video" ? next.data.payload : null;

  const scrub = (value: boolean) => {
    isScrubbing.current = value;
    if (value) wake();
  };

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

        <VideoControls
          controlsVisible={controlsVisible}
          hasEnded={hasEnded}
          isPlaying={isPlaying}
          time={time}
          duration={duration}
          buffered={buffered}
          onScrub={scrub}
          settings={settings}
          video={video}
          subtitleIndex={subtitleIndex}
          menuContainer={frameElement}
          onMenuOpenChange={setIsMenuOpen}
          supportsPip={supportsPip}
          isPip={isPip}
          supportsFullscreen={supportsFullscreen}
          isFullscreen={isFullscreen}
          controls={controls}
        />
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

/** Volume, mute and speed follow the settings. */
function useElementFollowsSettings(element: RefObject<HTMLVideoElement | null>, settings: PlayerSettings) {
  useEffect(() => {
    const media = element.current;
    if (!media) return;
    media.volume = settings.volume;
    media.muted = settings.muted;
    media.defaultPlaybackRate = settings.speed;
    media.playbackRate = settings.speed;
  }, [settings.volume, settings.muted, settings.speed, element]);
}
