// The audiobook player's sleep timer (sleep-timer.ts counts it down): it ticks while the audio
// plays, fades the volume out at the end, and pauses (at the end of a chapter, ready to pick up
// at the next one).
import { type PlayerCore, TICK_MS } from "./player-state.ts";
import {
  chapterTimer,
  durationTimer,
  fadeFactor,
  type SleepTimer,
  tickTimer,
  timerRemainingMs,
} from "./sleep-timer.ts";

export type PlayerSleepTimer = ReturnType<typeof createSleepTimer>;

export function createSleepTimer(core: PlayerCore, { seek }: { seek: (ms: number) => void }) {
  const { audio, setState, currentMs, mediaDurationMs } = core;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let lastTickAt = 0;

  function startTicking() {
    if (ticker !== undefined || !core.state.sleep) return;
    lastTickAt = Date.now();
    ticker = setInterval(tick, TICK_MS);
  }

  function stopTicking() {
    if (ticker === undefined) return;
    clearInterval(ticker);
    ticker = undefined;
  }

  function tick() {
    const now = Date.now();
    const elapsed = now - lastTickAt;
    lastTickAt = now;
    let timer = core.state.sleep;
    if (!timer || audio.paused) {
      stopTicking();
      return;
    }
    timer = tickTimer(timer, elapsed);
    const remaining = timerRemainingMs(timer, currentMs(), audio.playbackRate || 1);
    if (remaining <= 0) {
      sleepNow(timer);
      return;
    }
    audio.volume = fadeFactor(remaining);
    setState({ sleep: timer, sleepRemainingMs: remaining });
  }

  function sleepNow(timer: SleepTimer) {
    stopTicking();
    audio.pause();
    audio.volume = 1;
    // At the end of a chapter, pick up at the next one.
    if (timer.kind === "chapter" && timer.endMs < mediaDurationMs() - 500) {
      seek(timer.endMs);
    }
    setState({ sleep: null, sleepRemainingMs: null });
  }

  function setSleep(choice: number | "chapter" | null) {
    audio.volume = 1;
    if (choice === null) {
      stopTicking();
      setState({ sleep: null, sleepRemainingMs: null });
      return;
    }
    const timer =
      choice === "chapter"
        ? chapterTimer(core.state.chapters, currentMs(), mediaDurationMs())
        : durationTimer(choice);
    setState({
      sleep: timer,
      sleepRemainingMs: timerRemainingMs(timer, currentMs(), audio.playbackRate || 1),
    });
    if (!audio.paused) startTicking();
  }

  return { startTicking, stopTicking, setSleep };
}
