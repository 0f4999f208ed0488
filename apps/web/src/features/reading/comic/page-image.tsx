// One comic page: the image filling the box its size reserved, a quiet placeholder while it
// loads, and a way to try again when it does not.
import { ImageOff, RotateCw } from "lucide-react";
import { useState } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { useIsDrawnOnServer } from "../../../first-screen/handoff.ts";

export function PageImage({
  page,
  index,
  count,
  className,
  style,
}: {
  page: { url: string; width: number; height: number };
  index: number;
  count: number;
  className?: string;
  style?: React.CSSProperties;
}) {
  // Drawn on the server, the page shows as the image comes: there is no script there to reveal it.
  const isDrawnOnServer = useIsDrawnOnServer();
  const [state, setState] = useState<"loading" | "loaded" | "failed">(isDrawnOnServer ? "loaded" : "loading");
  const [attempt, setAttempt] = useState(0);
  return (
    <div
      className={cn("relative shrink-0", state !== "loaded" && "bg-stone-200/70 dark:bg-white/5", className)}
      style={style}
    >
      {state === "failed" ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted-foreground">
          <ImageOff className="size-6" aria-hidden />
          <span>Page {index + 1} did not load.</span>
          <button
            type="button"
            className="inline-flex items-center gap-1.5 rounded-lg border border-border bg-card px-3 py-1.5 font-medium text-foreground shadow-sm hover:bg-muted"
            onClick={() => {
              setState("loading");
              setAttempt((value) => value + 1);
            }}
          >
            <RotateCw className="size-4" aria-hidden />
            Try again
          </button>
        </div>
      ) : (
        <img
          key={attempt}
          src={page.url}
          width={page.width}
          height={page.height}
          alt={`Page ${index + 1} of ${count}`}
          decoding="async"
          draggable={false}
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
          className={cn(
            "block size-full select-none [-webkit-touch-callout:none]",
            state === "loading" && "opacity-0",
          )}
          data-testid="comic-page"
          data-page-index={index}
        />
      )}
    </div>
  );
}
