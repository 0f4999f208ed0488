import { UNLOAD_WARNING_MESSAGE } from "@litverse/shared/constants";
import { useIsMutating } from "@tanstack/react-query";
import { useEffect } from "react";

/**
 * While `isActive` (an upload under way, edits not saved), closing or reloading the tab asks for
 * confirmation.
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

/** App-wide: while a change has not reached the server, leaving the page asks for confirmation. */
export function useUnsentChangesWarning(): void {
  useLeaveWarning(useIsMutating() > 0);
}
