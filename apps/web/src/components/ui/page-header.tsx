import type { ReactNode } from "react";
import { cn } from "./cn.ts";

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons for the page as a whole ("New title"); under the title on phones, at its right above. */
  actions?: ReactNode;
  /** A line above the title: a back link or breadcrumbs. */
  eyebrow?: ReactNode;
  className?: string;
}

/** The top of every page: its one h1, a sentence about it, and its actions. */
export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <header className={cn("flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="min-w-0">
        {eyebrow ? <div className="mb-2 text-sm text-muted-foreground">{eyebrow}</div> : null}
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 max-w-2xl text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
