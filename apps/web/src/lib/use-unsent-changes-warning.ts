import { UNLOAD_WARNING_MESSAGE } from "@litverse/shared/constants";
import { useIsMutating } from "@tanstack/react-query";
import { useEffect } from "react";

/** While a change has not reached the server, leaving the page asks for confirmation. */
export function useUnsentChangesWarning(): void {
  const pending = useIsMutating();
  useEffect(() => {
    if (pending === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = UNLOAD_WARNING_MESSAGE;
      return UNLOAD_WARNING_MESSAGE;
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [pending]);
}
