import type { ComponentProps } from "react";
import { cn } from "./cn.ts";
import { CONTROL_CLASSES } from "./input.tsx";

export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea {...props} rows={rows} className={cn(CONTROL_CLASSES, "min-h-20 resize-y py-2", className)} />
  );
}
