// A search box over the story's scenes with a list of matches (the ARIA combobox pattern): arrow
// keys move through the matches, Enter takes the highlighted one. The map's search and a choice's
// target picker both use it.
import type { StoryScene } from "@litverse/shared/stories/story-model";
import { Flag, Trophy } from "lucide-react";
import { type ReactNode, useDeferredValue, useId, useMemo, useState } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { Input } from "../../../components/ui/input.tsx";
import { findScenes } from "./find-scenes.ts";
import { sceneTitle } from "./graph-elements.ts";

const MATCH_LIMIT = 8;

export function SceneCombobox({
  scenes,
  startSceneId,
  onPick,
  label,
  placeholder,
  isListedWhenEmpty = false,
  autoFocus = false,
  icon,
  className,
  listClassName,
}: {
  scenes: readonly StoryScene[];
  startSceneId: string | null;
  onPick: (sceneId: string) => void;
  /** The input's accessible name. */
  label: string;
  placeholder: string;
  /** List scenes before anything is typed (a picker), rather than only matches (a search). */
  isListedWhenEmpty?: boolean;
  autoFocus?: boolean;
  icon?: ReactNode;
  className?: string;
  listClassName?: string;
}) {
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [isOpen, setIsOpen] = useState(isListedWhenEmpty);
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(
    () =>
      deferredQuery.trim() === "" && !isListedWhenEmpty ? [] : findScenes(scenes, deferredQuery, MATCH_LIMIT),
    [scenes, deferredQuery, isListedWhenEmpty],
  );
  const isShown = isOpen && (matches.length > 0 || deferredQuery.trim() !== "");
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));

  const pick = (sceneId: string) => {
    onPick(sceneId);
    if (!isListedWhenEmpty) setIsOpen(false);
  };

  return (
    <div className={cn("relative", className)} data-own-undo>
      {icon ? (
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
      ) : null}
      <Input
        role="combobox"
        aria-label={label}
        aria-expanded={isShown}
        aria-controls={isShown ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={isShown && matches[activeIndex] ? `${listId}-${activeIndex}` : undefined}
        value={query}
        placeholder={placeholder}
        autoFocus={autoFocus}
        autoComplete="off"
        className={cn(icon ? "pl-9" : undefined)}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setIsOpen(true);
        }}
        onFocus={() => setIsOpen(true)}
        onBlur={() => {
          if (!isListedWhenEmpty) setIsOpen(false);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setIsOpen(true);
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((activeIndex + step + matches.length) % Math.max(1, matches.length));
          } else if (event.key === "Enter") {
            const match = findScenes(scenes, query, MATCH_LIMIT)[activeIndex];
            if (match) {
              event.preventDefault();
              pick(match.scene.id);
            }
          } else if (event.key === "Escape" && !isListedWhenEmpty && (query !== "" || isOpen)) {
            event.stopPropagation();
            setQuery("");
            setIsOpen(false);
          }
        }}
      />
      {isShown && matches.length > 0 ? (
        <div
          id={listId}
          role="listbox"
          aria-label={`${label}: matches`}
          className={cn(
            "mt-1 max-h-72 overflow-y-auto rounded-xl border border-border bg-card p-1 shadow-lg",
            !isListedWhenEmpty && "absolute inset-x-0 top-full z-30",
            listClassName,
          )}
        >
          {matches.map((match, index) => (
            <div
              key={match.scene.id}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className={cn(
                "flex cursor-pointer flex-col rounded-lg px-3 py-1.5 text-sm",
                index === activeIndex ? "bg-muted" : "hover:bg-muted",
              )}
              // Before the input's blur, so the pick is not lost when the list hides.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(match.scene.id);
              }}
            >
              <span className="flex items-center gap-1.5 font-medium">
                {match.scene.id === startSceneId ? (
                  <Flag className="size-3.5 text-brand-600 dark:text-brand-400" aria-label="Start" />
                ) : null}
                {match.scene.ending ? (
                  <Trophy className="size-3.5 text-emerald-600 dark:text-emerald-400" aria-label="Ending" />
                ) : null}
                <span className="truncate">{sceneTitle(match.scene)}</span>
              </span>
              {match.isTitleMatch ? null : (
                <span className="truncate text-xs text-muted-foreground">
                  {excerptAround(match.scene.text, deferredQuery)}
                </span>
              )}
            </div>
          ))}
        </div>
      ) : isShown ? (
        <p
          className={cn(
            "mt-1 rounded-xl border border-border bg-card px-3 py-2 text-sm text-muted-foreground shadow-lg",
            !isListedWhenEmpty && "absolute inset-x-0 top-full z-30",
          )}
        >
          No scene has those words.
        </p>
      ) : null}
    </div>
  );
}

/** A few words around where the query was found in the text. */
function excerptAround(text: string, query: string): string {
  const at = text.toLocaleLowerCase().indexOf(query.trim().toLocaleLowerCase());
  if (at < 0) return "";
  const from = Math.max(0, at - 30);
  return `${from > 0 ? "…" : ""}${text.slice(from, at + query.length + 40).replace(/\s+/g, " ")}…`;
}
