import { UNLOAD_WARNING_MESSAGE } from "@litverse/shared/constants";
import { useEffect } from "react";

/**
 * While `isActive` (an upload under way, edits not saved), closing or reloading the tab asks for
 * confirmation; calls in flight are covered app-wide by useUnsentChangesWarning.
 */
export function useLeaveWarning(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = UNLOAD_WARNING_MESSAGE;
      return UNLOAD_WARNING_MESSAGE;
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isActive]);
}
