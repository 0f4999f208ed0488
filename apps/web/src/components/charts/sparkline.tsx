// A figure's last days as a small line under it: plain SVG, so that a page of many figures (the
// dashboard) draws at once without loading the charts library. The line's values are read out in
// `label`, since a line alone says nothing to a screen reader.
import { useId } from "react";
import { cn } from "../ui/cn.ts";

const WIDTH = 120;
const HEIGHT = 32;
const PAD = 2;

/** The polyline's points for `values`, scaled to the box (a flat line when all are equal). */
export function sparklinePoints(values: readonly number[]): string {
  if (values.length === 0) return "";
  const max = Math.max(...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const step = values.length > 1 ? (WIDTH - PAD * 2) / (values.length - 1) : 0;
  return values
    .map((value, index) => {
      const x = PAD + index * step;
      const y = HEIGHT - PAD - ((value - min) / span) * (HEIGHT - PAD * 2);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}

export function Sparkline({
  values,
  label,
  className,
}: {
  values: readonly number[];
  label: string;
  className?: string;
}) {
  const gradient = useId();
  const points = sparklinePoints(values);
  const [firstX] = points.split(",");
  const lastX = points.split(" ").at(-1)?.split(",")[0];
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      className={cn("h-8 w-full text-brand-500", className)}
    >
      <defs>
        <linearGradient id={gradient} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="currentColor" stopOpacity="0.25" />
          <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      {points ? (
        <>
          <polygon
            points={`${firstX},${HEIGHT} ${points} ${lastX},${HEIGHT}`}
            fill={`url(#${gradient})`}
            stroke="none"
          />
          <polyline
            points={points}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        </>
      ) : null}
    </svg>
  );
}
