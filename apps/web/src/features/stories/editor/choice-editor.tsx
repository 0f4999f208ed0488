// One choice of the selected scene: its words, where it leads, its condition, its effects and its
// price in coins.
import {
  STORY_LIMITS,
  type StoryChoice,
  type StoryScene,
  type StoryStat,
} from "@litverse/shared/stories/story-model";
import { ArrowDown, ArrowUp, CircleAlert, Coins, CornerDownRight, Search, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { ConditionField, EffectsField } from "./expression-field.tsx";
import { sceneTitle } from "./graph-elements.ts";
import { SceneCombobox } from "./scene-combobox.tsx";

export interface ChoiceEditorProps {
  choice: StoryChoice;
  index: number;
  count: number;
  scenes: readonly StoryScene[];
  scenesById: ReadonlyMap<string, StoryScene>;
  startSceneId: string | null;
  stats: readonly StoryStat[];
  /** Problems validation found with this choice. */
  problems: readonly string[];
  isHighlighted: boolean;
  onChange: (change: Partial<Omit<StoryChoice, "id">>, field: string) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  onGoTo: (sceneId: string) => void;
}

export function ChoiceEditor({
  choice,
  index,
  count,
  scenes,
  scenesById,
  startSceneId,
  stats,
  problems,
  isHighlighted,
  onChange,
  onMove,
  onDelete,
  onGoTo,
}: ChoiceEditorProps) {
  const [isPicking, setIsPicking] = useState(false);
  const target = choice.target === null ? undefined : scenesById.get(choice.target);
  const number = index + 1;
  return (
    <li
      className={cn(
        "space-y-3 rounded-xl border bg-card p-3",
        problems.length > 0 ? "border-rose-400 dark:border-rose-400/70" : "border-border",
        isHighlighted && "ring-2 ring-brand-500/50",
      )}
      data-testid="choice-editor"
      data-choice-id={choice.id}
    >
      <div className="flex items-center gap-1">
        <h4 className="text-sm font-semibold">Choice {number}</h4>
        <div className="ml-auto flex">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Move choice ${number} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Move choice ${number} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-rose-700 dark:text-rose-300"
            aria-label={`Delete choice ${number}`}
            onClick={onDelete}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      {problems.length > 0 ? (
        <ul className="space-y-1 text-xs font-medium text-rose-700 dark:text-rose-300">
          {problems.map((problem) => (
            <li key={problem} className="flex gap-1.5">
              <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
              {problem}
            </li>
          ))}
        </ul>
      ) : null}
      <Field label="Words the reader sees">
        <Input
          value={choice.label}
          maxLength={STORY_LIMITS.maxChoiceLabelLength}
          onChange={(event) => onChange({ label: event.target.value }, "label")}
        />
      </Field>
      <div className="space-y-1.5">
        <span className="text-sm font-medium" id={`leads-${choice.id}`}>
          Leads to
        </span>
        <div className="flex items-center gap-2">
          <Popover open={isPicking} onOpenChange={setIsPicking}>
            <PopoverTrigger asChild>
              <Button
                variant="secondary"
                className="min-w-0 flex-1 justify-start"
                aria-describedby={`leads-${choice.id}`}
                aria-label={`Leads to: ${target ? sceneTitle(target) : "no scene yet"}. Change`}
              >
                <CornerDownRight aria-hidden />
                <span className={cn("truncate", !target && "text-rose-700 dark:text-rose-300")}>
                  {target ? sceneTitle(target) : "Choose a scene"}
                </span>
              </Button>
            </PopoverTrigger>
            <PopoverContent align="start" className="w-80 p-2">
              <SceneCombobox
                scenes={scenes}
                startSceneId={startSceneId}
                label={`Scene choice ${number} leads to`}
                placeholder="Find a scene"
                icon={<Search />}
                isListedWhenEmpty
                autoFocus
                listClassName="border-0 shadow-none"
                onPick={(sceneId) => {
                  onChange({ target: sceneId }, "target");
                  setIsPicking(false);
                }}
              />
            </PopoverContent>
          </Popover>
          {target ? (
            <Button variant="ghost" size="sm" onClick={() => onGoTo(target.id)}>
              Go to
            </Button>
          ) : null}
        </div>
      </div>
      <ConditionField
        value={choice.condition ?? ""}
        stats={stats}
        onChange={(value) => onChange({ condition: value.trim() === "" ? null : value }, "condition")}
      />
      <EffectsField
        label="Effects"
        hint="Applied in order when the reader takes this choice: gold += 5, courage = 3, toggle met_dragon."
        effects={choice.effects}
        stats={stats}
        onChange={(effects) => onChange({ effects }, "effects")}
      />
      <Field
        label={
          <span className="inline-flex items-center gap-1.5">
            <Coins className="size-4 text-amber-600" aria-hidden />
            Price in coins
          </span>
        }
        hint="0 is free. A reader pays once per story to take a priced choice."
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={STORY_LIMITS.maxChoicePrice}
          step={1}
          value={String(choice.priceCoins)}
          onChange={(event) => {
            const value = Math.trunc(Number(event.target.value));
            const price = Number.isFinite(value)
              ? Math.min(Math.max(value, 0), STORY_LIMITS.maxChoicePrice)
              : 0;
            onChange({ priceCoins: price }, "price");
          }}
        />
      </Field>
    </li>
  );
}
