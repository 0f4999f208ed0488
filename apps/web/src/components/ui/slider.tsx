import * as SliderPrimitive from "@radix-ui/react-slider";
import { type ComponentProps, useState } from "react";
import { cn } from "./cn.ts";

export type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & {
  /** The name of the thumb ("Volume", "Playback position"); a range slider names each with thumbLabels. */
  label: string;
  thumbLabels?: string[];
  /** Words for a value, read instead of the bare number ("1:05 of 4:09"). */
  valueText?: (value: number) => string;
};

export function Slider({ label, thumbLabels, valueText, className, onValueChange, ...props }: SliderProps) {
  // Kept here too so an uncontrolled slider knows how many thumbs to draw and what they read.
  const [ownValues, setOwnValues] = useState(props.defaultValue ?? [props.min ?? 0]);
  const values = props.value ?? ownValues;
  return (
    <SliderPrimitive.Root
      {...props}
      onValueChange={(next) => {
        setOwnValues(next);
        onValueChange?.(next);
      }}
      className={cn(
        "relative flex h-6 w-full touch-none items-center select-none data-[disabled]:opacity-50",
        className,
      )}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-stone-200 dark:bg-white/15">
        <SliderPrimitive.Range className="absolute h-full rounded-full bg-brand-600 dark:bg-brand-500" />
      </SliderPrimitive.Track>
      {values.map((current, index) => (
        <SliderPrimitive.Thumb
          // biome-ignore lint/suspicious/noArrayIndexKey: the thumbs have no identity but their order
          key={index}
          aria-label={thumbLabels?.[index] ?? label}
          aria-valuetext={valueText ? valueText(current) : undefined}
          className={cn(
            "relative block size-5 rounded-full border-2 border-brand-600 bg-white shadow-md transition-transform hover:scale-110 dark:border-brand-400",
            // A larger invisible touch area than the 20px knob.
            "before:absolute before:-inset-2.5 before:content-['']",
            "data-[disabled]:pointer-events-none",
          )}
        />
      ))}
    </SliderPrimitive.Root>
  );
}
