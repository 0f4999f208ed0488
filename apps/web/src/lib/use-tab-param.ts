// A page's tab kept in the address (?tab=…), so that a link opens it and Back returns to the one
// before: the first tab is the page without the parameter, and anything unknown reads as it.
import { useSearchParams } from "react-router";

export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const first = tabs[0];
  const tab = tabs.find((candidate) => candidate === asked) ?? first;
  const choose = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === first) updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      },
      { replace: true },
    );
  return [tab, choose];
}
