// A value that follows another once it has stopped changing for a moment: for asking the server
// about what is being typed (a search, a previewed change) once typing pauses, not at every key.
import { useEffect, useState } from "react";

export function useSettledValue<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  // Compared by content, so that an object rebuilt at every render (the same fields) does not
  // restart the wait.
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the value
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled;
}
