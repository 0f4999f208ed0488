import { LoaderCircle } from "lucide-react";
import { cn } from "./cn.ts";

const SIZES = { sm: "size-4", md: "size-6", lg: "size-10" } as const;

/**
 * A turning circle. With a `label` it announces itself as a status ("Loading titles"); without
 * one it is decoration, for places that already say they are busy (a button with aria-busy).
 */
export function Spinner({
  size = "sm",
  label,
  className,
}: {
  size?: keyof typeof SIZES;
  label?: string;
  className?: string;
}) {
  const icon = (
    <LoaderCircle className={cn("animate-spin text-current", SIZES[size], className)} aria-hidden />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center justify-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
