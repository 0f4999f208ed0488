// Read-aloud with the browser's speech synthesis: one sentence at a time, so that the reader can
// show and follow what is being read, pause between sentences, and change speed at once. Pausing
// cancels the sentence and resumes from its start, which works the same in every browser (the
// engines' own pause and resume do not).
import { useCallback, useEffect, useRef, useState } from "react";
import type { SpeechChunk } from "./speech-text.ts";

export type ReadAloudState = "idle" | "playing" | "paused";

export const speechSupported = () =>
  typeof window !== "undefined" &&
  typeof window.speechSynthesis?.speak === "function" &&
  typeof window.SpeechSynthesisUtterance === "function";

export function useReadAloud(options: {
  /** What to read from the current page to the chapter's end. */
  chunksFromHere: () => SpeechChunk[];
  /** The sentence being read (null once stopped or finished). */
  onChunk: (chunk: SpeechChunk | null) => void;
  onFinished: () => void;
  lang: string | null;
}) {
  const [state, setState] = useState<ReadAloudState>("idle");
  const [rate, setRateState] = useState(1);
  const chunks = useRef<SpeechChunk[]>([]);
  const index = useRef(0);
  /** Each utterance carries the generation it was spoken in: events from cancelled ones are ignored. */
  const generation = useRef(0);
  const rateRef = useRef(rate);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const speak = useCallback((at: number) => {
    const synth = window.speechSynthesis;
    const chunk = chunks.current[at];
    const own = ++generation.current;
    synth.cancel();
    if (!chunk) {
      setState("idle");
      optionsRef.current.onChunk(null);
      optionsRef.current.onFinished();
      return;
    }
    index.current = at;
    const utterance = new SpeechSynthesisUtterance(chunk.text);
    utterance.rate = rateRef.current;
    if (optionsRef.current.lang) utterance.lang = optionsRef.current.lang;
    utterance.onend = () => {
      if (generation.current === own) speak(at + 1);
    };
    utterance.onerror = (event) => {
      if (generation.current !== own) return;
      // "interrupted"/"canceled" come from our own cancel; anything else ends reading.
      if (event.error === "interrupted" || event.error === "canceled") return;
      setState("idle");
      optionsRef.current.onChunk(null);
    };
    optionsRef.current.onChunk(chunk);
    synth.speak(utterance);
    setState("playing");
  }, []);

  const play = useCallback(() => {
    if (!speechSupported()) return;
    if (state === "paused" && chunks.current.length > 0) {
      speak(index.current);
      return;
    }
    chunks.current = optionsRef.current.chunksFromHere();
    speak(0);
  }, [state, speak]);

  const pause = useCallback(() => {
    generation.current++;
    window.speechSynthesis.cancel();
    setState("paused");
  }, []);

  const stop = useCallback(() => {
    generation.current++;
    if (speechSupported()) window.speechSynthesis.cancel();
    chunks.current = [];
    setState("idle");
    optionsRef.current.onChunk(null);
  }, []);

  const setRate = useCallback(
    (next: number) => {
      rateRef.current = next;
      setRateState(next);
      // The sentence being read starts again at the new speed.
      if (state === "playing") speak(index.current);
    },
    [state, speak],
  );

  /** Reading starts again from the current page (the reader turned pages while reading). */
  const restartHere = useCallback(() => {
    if (state === "idle") return;
    chunks.current = optionsRef.current.chunksFromHere();
    if (state === "playing") speak(0);
    else index.current = 0;
  }, [state, speak]);

  // Leaving the chapter (or the reader) stops the voice.
  useEffect(
    () => () => {
      generation.current++;
      if (speechSupported()) window.speechSynthesis.cancel();
    },
    [],
  );

  return { state, rate, play, pause, stop, setRate, restartHere, isSupported: speechSupported() };
}
