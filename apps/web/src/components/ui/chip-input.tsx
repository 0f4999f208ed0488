// A list of short labels (genres, tags) typed one by one: each becomes a chip with a remove
// button. Suggestions matching what is typed open under the field as a listbox (arrow keys to move,
// Enter to take one); Enter or a comma adds what is typed, Backspace in the empty field removes
// the last chip. Put it in a Field, which names the text field.
import { X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { cn } from "./cn.ts";

export interface ChipInputProps {
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  /** Offered as the person types, and all of them (not yet chosen) when the field is focused empty. */
  suggestions?: readonly string[];
  placeholder?: string;
  /** Most chips; the field refuses more. */
  max?: number;
  /** Applied to what is typed before it becomes a chip (say lowercasing). */
  normalize?: (text: string) => string;
  /** What one chip is, for the remove buttons ("Remove genre poetry"). */
  itemLabel?: string;
  /** Set by Field. */
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
  disabled?: boolean;
  className?: string;
}

const defaultNormalize = (text: string) => text.trim();

export function ChipInput({
  value,
  onValueChange,
  suggestions = [],
  placeholder,
  max,
  normalize = defaultNormalize,
  itemLabel = "item",
  id,
  disabled,
  className,
  ...aria
}: ChipInputProps) {
  const autoId = useId();
  const inputId = id ?? `chips-${autoId}`;
  const listId = `${inputId}-suggestions`;
  const [text, setText] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const isFull = max !== undefined && value.length >= max;

  const typed = normalize(text);
  const matches = suggestions
    .filter((suggestion) => !value.includes(suggestion))
    .filter((suggestion) => suggestion.toLowerCase().includes(typed.toLowerCase()))
    .slice(0, 8);
  const isListShown = isOpen && !isFull && matches.length > 0;

  const add = (label: string) => {
    const clean = normalize(label);
    setText("");
    setActive(-1);
    if (!clean || value.includes(clean) || isFull) return;
    onValueChange([...value, clean]);
  };
  const remove = (label: string) => onValueChange(value.filter((item) => item !== label));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && matches.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActive((current) => (current + 1) % matches.length);
    } else if (event.key === "ArrowUp" && matches.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActive((current) => (current <= 0 ? matches.length - 1 : current - 1));
    } else if (event.key === "Enter" || event.key === ",") {
      const chosen = isListShown && active >= 0 ? matches[active] : undefined;
      if (chosen || typed) {
        // Keeps the surrounding form from submitting on the Enter that adds a chip.
        event.preventDefault();
        add(chosen ?? text);
      } else if (event.key === ",") {
        event.preventDefault();
      }
    } else if (event.key === "Escape" && isListShown) {
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
    } else if (event.key === "Backspace" && text === "" && value.length > 0) {
      remove(value[value.length - 1] as string);
    }
  };

  return (
    <div className={cn("relative", className)}>
      <div
        className={cn(
          "flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-lg border border-border bg-card px-2 py-1.5 shadow-sm transition",
          "focus-within:border-brand-500 hover:border-stone-300 dark:hover:border-white/20",
          aria["aria-invalid"] && "border-rose-500 dark:border-rose-400",
          disabled && "opacity-50",
        )}
      >
        {value.map((label) => (
          <span
            key={label}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-sm font-medium text-brand-700 dark:bg-brand-500/15 dark:text-brand-100"
          >
            {label}
            <button
              type="button"
              disabled={disabled}
              onClick={() => remove(label)}
              className="inline-flex size-5 items-center justify-center rounded-full hover:bg-brand-100 dark:hover:bg-white/10"
              aria-label={`Remove ${itemLabel} ${label}`}
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </span>
        ))}
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={isListShown ? listId : undefined}
          aria-activedescendant={isListShown && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={aria["aria-describedby"]}
          aria-invalid={aria["aria-invalid"]}
          value={text}
          disabled={disabled || isFull}
          placeholder={isFull ? `At most ${max}` : value.length === 0 ? placeholder : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            setActive(-1);
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={() => {
            setIsOpen(false);
            if (typed) add(text);
          }}
          onKeyDown={onKeyDown}
          className="h-7 min-w-24 flex-1 bg-transparent px-1 text-base text-foreground outline-none placeholder:text-muted-foreground sm:text-sm"
        />
      </div>
      {isListShown ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-y-auto rounded-xl border border-border bg-card p-1 shadow-lg"
        >
          {matches.map((suggestion, index) => (
            <div
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Chosen on mouse down, before the field's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                add(suggestion);
              }}
              className={cn(
                "flex min-h-9 cursor-default items-center rounded-lg px-3 text-sm",
                index === active ? "bg-muted" : "hover:bg-muted",
              )}
            >
              {suggestion}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
