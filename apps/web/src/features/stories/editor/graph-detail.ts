// How much the map draws: far out, cards keep their titles and choices lose their labels, so a
// pan over hundreds of scenes draws little. One value for the whole map, read by every card and
// arrow, which change only when the zoom crosses the line.
import { createContext, useContext } from "react";

/** Below this zoom the map draws less. */
export const FAR_ZOOM = 0.5;

export const FarContext = createContext(false);

export function useIsFar(): boolean {
  return useContext(FarContext);
}
