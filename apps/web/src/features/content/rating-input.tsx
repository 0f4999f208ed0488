// The viewer's own rating: five star buttons, each saying what it does ("Rate 4 stars"); the
// chosen one is pressed. Hovering or focusing previews a rating.
import { Star } from "lucide-react";
import { useState } from "react";
import { cn } from "../../components/ui/cn.ts";

const STARS = [1, 2, 3, 4, 5] as const;

export function RatingInput({ value, onRate }: { value: number | null; onRate: (rating: number) => void }) {
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value ?? 0;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="text-sm font-medium" aria-hidden>
        Your rating
      </span>
      <fieldset
        className="flex min-w-0 items-center"
        onMouseLeave={() => setPreview(null)}
        data-testid="rating-input"
      >
        <legend className="sr-only">Your rating</legend>
        {STARS.map((star) => (
          <button
            key={star}
            type="button"
            aria-label={`Rate ${star} ${star === 1 ? "star" : "stars"}`}
            aria-pressed={value === star}
            onClick={() => onRate(star)}
            onMouseEnter={() => setPreview(star)}
            onFocus={() => setPreview(star)}
            onBlur={() => setPreview(null)}
            className="inline-flex size-9 items-center justify-center rounded-full transition hover:bg-muted"
          >
            <Star
              className={cn(
                "size-6 transition",
                star <= shown ? "fill-amber-400 text-amber-500" : "text-stone-300 dark:text-white/25",
              )}
              aria-hidden
            />
          </button>
        ))}
      </fieldset>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {value ? `You rated it ${value} of 5` : "Not rated yet"}
      </span>
    </div>
  );
}
