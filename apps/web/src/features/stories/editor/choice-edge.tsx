// A choice on the map: an arrow from its scene to the scene it leads to, labelled with its words and
// marks for a condition, a price and a problem (an icon as well as a colour). The label is drawn in
// the SVG with a width estimated from its length: React Flow's HTML label layer looks itself up on
// every frame of a pan for every label, and measuring text would cost a layout per label.
import { BaseEdge, type EdgeProps, getBezierPath } from "@xyflow/react";
import { CircleAlert, Coins, Lock, type LucideIcon, TriangleAlert } from "lucide-react";
import { memo } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { useIsFar } from "./graph-detail.ts";
import type { ChoiceEdge as ChoiceEdgeType } from "./graph-elements.ts";

const LABEL_LENGTH = 28;
/** About the width of a character of the label's 11 px text. */
const CHARACTER_WIDTH = 6.1;
const ICON = 12;
const GAP = 4;
const PADDING = 6;
const HEIGHT = 20;

function ChoiceEdgeView({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  data,
  selected,
  markerEnd,
}: EdgeProps<ChoiceEdgeType>) {
  const [path, labelX, labelY] = getBezierPath({
    sourceX,
    sourceY,
    sourcePosition,
    targetX,
    targetY,
    targetPosition,
  });
  const isFar = useIsFar();
  const issue = data?.issue ?? null;
  const label = data?.label ?? "";
  const text = label.length > LABEL_LENGTH ? `${label.slice(0, LABEL_LENGTH - 1)}…` : label;
  const price = data && data.priceCoins > 0 ? String(data.priceCoins) : null;
  const icons: Array<{ key: string; Icon: LucideIcon; className: string }> = [];
  if (issue === "error")
    icons.push({ key: "error", Icon: CircleAlert, className: "text-rose-600 dark:text-rose-300" });
  if (issue === "warning")
    icons.push({ key: "warning", Icon: TriangleAlert, className: "text-amber-600 dark:text-amber-300" });
  if (data?.hasCondition) icons.push({ key: "condition", Icon: Lock, className: "text-muted-foreground" });
  if (price) icons.push({ key: "price", Icon: Coins, className: "text-amber-600 dark:text-amber-300" });
  // Digits of the price are bold: a little wider.
  const priceWidth = price ? price.length * 7 + GAP * 2 : 0;
  const width =
    PADDING * 2 + icons.length * (ICON + GAP) + priceWidth + Math.max(1, text.length) * CHARACTER_WIDTH;

  let x = PADDING;
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        className={cn(
          "choice-edge",
          issue === "error" && "choice-edge-error",
          issue === "warning" && "choice-edge-warning",
          selected && "choice-edge-selected",
        )}
      />
      {isFar ? null : (
        <g
          className="choice-label pointer-events-none"
          transform={`translate(${labelX - width / 2} ${labelY - HEIGHT / 2})`}
          aria-hidden
        >
          <rect
            width={width}
            height={HEIGHT}
            rx={5}
            className={cn(
              issue === "error"
                ? "fill-rose-50 stroke-rose-400 dark:fill-rose-950"
                : "fill-(--card) stroke-(--border)",
              selected && "stroke-brand-500",
            )}
            strokeWidth={selected ? 2 : 1}
          />
          {icons.map(({ key, Icon, className }) => {
            const at = x;
            x += ICON + GAP;
            const icon = <Icon key={key} x={at} y={(HEIGHT - ICON) / 2} size={ICON} className={className} />;
            if (key !== "price" || !price) return icon;
            const priceAt = x;
            x += priceWidth;
            return [
              icon,
              <text
                key="price-text"
                x={priceAt}
                y={HEIGHT / 2 + 4}
                className="fill-amber-700 text-[11px] font-semibold dark:fill-amber-300"
              >
                {price}
              </text>,
            ];
          })}
          <text
            x={x}
            y={HEIGHT / 2 + 4}
            className={cn(
              "text-[11px] font-medium",
              issue === "error" ? "fill-rose-900 dark:fill-rose-100" : "fill-(--foreground)",
            )}
          >
            {text}
          </text>
        </g>
      )}
    </>
  );
}

export const ChoiceEdge = memo(ChoiceEdgeView);
