import type { ComponentProps } from "react";

/** Text for screen readers only: a name for an icon, the rest of a sentence the eye gets from layout. */
export function VisuallyHidden(props: ComponentProps<"span">) {
  return <span {...props} className="sr-only" />;
}
