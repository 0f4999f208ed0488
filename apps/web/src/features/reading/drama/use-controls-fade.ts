// The controls fade after a moment of playing untouched, and stay while paused or in a menu.
import { useCallback, useEffect, useRef, useState } from "react";

const HIDE_CONTROLS_MS = 2_500;

export function useControlsFade() {
  const [areControlsShown, setAreControlsShown] = useState(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Shows the controls, and hides them again after a moment untouched. */
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
  return { areControlsShown, setAreControlsShown, wake };
}
