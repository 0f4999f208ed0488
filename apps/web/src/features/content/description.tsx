// A title's description: the first lines, and the rest on "Show more" when it does not fit.
import { useEffect, useRef, useState } from "react";
import { cn } from "../../components/ui/cn.ts";

export function Description({ text }: { text: string }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const [isClamped, setIsClamped] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);

  // Whether the clamped text hides anything depends on the width, so it is measured again on resize.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text needs a new measurement
  useEffect(() => {
    const element = ref.current;
    if (!element || isExpanded) return;
    const measure = () => setIsClamped(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, isExpanded]);

  if (!text.trim()) return null;
  return (
    <div>
      <h2 className="sr-only">About this title</h2>
      <p
        ref={ref}
        id="content-description"
        className={cn(
          "leading-relaxed whitespace-pre-line text-foreground/90",
          !isExpanded && "line-clamp-4",
        )}
      >
        {text}
      </p>
      {isClamped || isExpanded ? (
        <button
          type="button"
          onClick={() => setIsExpanded(!isExpanded)}
          aria-expanded={isExpanded}
          aria-controls="content-description"
          className="mt-1 rounded text-sm font-semibold text-brand-600 hover:underline dark:text-brand-400"
        >
          {isExpanded ? "Show less" : "Show more"}
        </button>
      ) : null}
    </div>
  );
}
