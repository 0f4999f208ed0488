import type { ComponentType, ReactNode } from "react";
import { cn } from "./cn.ts";

export interface EmptyStateProps {
  /** A lucide icon component, e.g. `icon={BookOpen}`. */
  icon?: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: ReactNode;
  text?: ReactNode;
  /** A Button (or `<Button asChild><Link/></Button>`) leading somewhere useful. */
  action?: ReactNode;
  /** Heading level: h2 on a page, h3 inside a card or section. */
  as?: "h2" | "h3";
  className?: string;
}

/** What a list shows with nothing in it: why it is empty and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  as: Heading = "h2",
  className,
}: EmptyStateProps) {
  return (
    <section
      className={cn(
        "flex flex-col items-center rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center",
        className,
      )}
    >
      {Icon ? (
        <span className="mb-4 inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-500/15 dark:text-brand-400">
          <Icon className="size-7" aria-hidden />
        </span>
      ) : null}
      <Heading className="text-lg font-semibold">{title}</Heading>
      {text ? <p className="mt-1 max-w-md text-sm text-muted-foreground">{text}</p> : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </section>
  );
}
