// The time now, renewed every `intervalMs` while `isActive`: for labels that change with time alone
// ("Active 3 min ago", a typing indicator that runs out), which no new data would re-render.
import { useEffect, useState } from "react";

export function useNow(isActive = true, intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isActive) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [isActive, intervalMs]);
  return now;
}
