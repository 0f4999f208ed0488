import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";

/** Opens another episode of the title being read, as a new history entry so that Back returns. */
export function useGoToEpisode(): (number: number, options?: { hash?: string; state?: unknown }) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(
    (number, options = {}) => {
      const next = new URLSearchParams(params);
      next.set("episode", String(number));
      navigate({ search: `?${next}`, hash: options.hash ?? "" }, { state: options.state });
    },
    [navigate, params],
  );
}
