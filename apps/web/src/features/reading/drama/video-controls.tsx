// The player's controls over the picture: skip and play in the middle; along the bottom the seek
// bar, the time, volume, speed, subtitles, picture-in-picture and full screen.
import type { EpisodePayload } from "@litverse/shared/content";
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
import type { ReactNode } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { Slider } from "../../../components/ui/slider.tsx";
import { formatDuration } from "../../../lib/format.ts";
import { SPEEDS, speedButtonLabel, speedLabel } from "./player-logic.ts";
import { PlayerMenu } from "./player-menu.tsx";
import type { PlayerSettings } from "./player-settings.ts";
import { SeekBar } from "./seek-bar.tsx";
import { type VideoControls as Controls, SKIP_S } from "./use-video-controls.ts";

type VideoPayload = Extract<EpisodePayload, { kind: "video" }>;

export function VideoControls({
  controlsVisible,
  hasEnded,
  isPlaying,
  time,
  duration,
  buffered,
  onScrub,
  settings,
  video,
  subtitleIndex,
  menuContainer,
  onMenuOpenChange,
  supportsPip,
  isPip,
  supportsFullscreen,
  isFullscreen,
  controls: {
    togglePlay,
    seekTo,
    skip,
    setSpeed,
    setSubtitles,
    toggleMute,
    changeVolume,
    toggleFullscreen,
    togglePip,
  },
}: {
  /** Shown, rather than faded out (they still show when focused). */
  controlsVisible: boolean;
  hasEnded: boolean;
  isPlaying: boolean;
  /** Seconds. */
  time: number;
  duration: number;
  buffered: number;
  /** The viewer starts or stops dragging the seek bar. */
  onScrub: (isScrubbing: boolean) => void;
  settings: PlayerSettings;
  video: VideoPayload;
  /** The subtitles showing, or null when off. */
  subtitleIndex: number | null;
  /** Where the menus open: the player's frame, so that they show in full screen. */
  menuContainer: HTMLElement | null;
  onMenuOpenChange: (open: boolean) => void;
  supportsPip: boolean;
  isPip: boolean;
  supportsFullscreen: boolean;
  isFullscreen: boolean;
  controls: Controls;
}) {
  const isMuted = settings.muted || settings.volume === 0;
  const VolumeIcon = isMuted ? VolumeX : settings.volume < 0.5 ? Volume1 : Volume2;
  const subtitleValue = subtitleIndex === null ? "off" : (video.subtitles[subtitleIndex]?.language ?? "off");

  return (
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
        <SeekBar time={time} duration={duration} buffered={buffered} onSeek={seekTo} onScrub={onScrub} />
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
            container={menuContainer}
            onOpenChange={onMenuOpenChange}
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
              container={menuContainer}
              onOpenChange={onMenuOpenChange}
            />
          ) : null}
          {supportsPip ? (
            <IconButton label={isPip ? "Exit picture in picture" : "Picture in picture"} onClick={togglePip}>
              <PictureInPicture2 aria-hidden />
            </IconButton>
          ) : null}
          {supportsFullscreen ? (
            <IconButton label={isFullscreen ? "Exit full screen" : "Full screen"} onClick={toggleFullscreen}>
              {isFullscreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
            </IconButton>
          ) : null}
        </div>
      </div>
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
