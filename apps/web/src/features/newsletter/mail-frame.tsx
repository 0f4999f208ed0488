// A message's HTML as a mail client would lay it out, in a sandboxed frame (no scripts, no
// same-origin access, no forms: `sandbox=""`), drawn at the width of the screen it stands for and
// scaled down to the space there is.
import { useEffect, useRef, useState } from "react";
import { cn } from "../../components/ui/cn.ts";

export function MailFrame({
  html,
  title,
  width,
  height,
  scheme = "light",
  className,
}: {
  html: string;
  /** Names the frame for screen readers: "Preview on a phone, light". */
  title: string;
  /** The screen it stands for, in CSS pixels (390 for a phone, 1280 for a desktop). */
  width: number;
  /** The frame's height at that width; it scrolls inside. */
  height: number;
  /** The mail client's look: its background behind a message that sets none, and its colour scheme. */
  scheme?: "light" | "dark";
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScale(Math.min(1, element.clientWidth / width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);

  return (
    <div
      ref={box}
      className={cn("mx-auto w-full overflow-hidden rounded-lg", className)}
      style={{ maxWidth: width, height: height * scale }}
    >
      <iframe
        title={title}
        sandbox=""
        srcDoc={html}
        width={width}
        height={height}
        className={cn("origin-top-left border-0", scheme === "dark" ? "bg-stone-900" : "bg-white")}
        // The message's own `prefers-color-scheme` rules follow the frame's colour scheme, not the app's.
        style={{ transform: scale < 1 ? `scale(${scale})` : undefined, width, height, colorScheme: scheme }}
      />
    </div>
  );
}
