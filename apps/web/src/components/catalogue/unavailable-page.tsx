// In place of a title or a story that cannot be shown (missing, never published, or above the
// reader's age): why, and the way on to the others.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { Button } from "../ui/button.tsx";
import { cn } from "../ui/cn.ts";
import { Page } from "../ui/page.tsx";

export function UnavailablePage({
  title,
  heading = title,
  icon,
  text,
  isWarning = false,
  link,
}: {
  /** The browser tab's name, and the heading unless `heading` says otherwise. */
  title: string;
  heading?: string;
  icon: ReactNode;
  text: string;
  /** Red, for what the reader may not see (rather than what is not there). */
  isWarning?: boolean;
  /** Where to go on from here. */
  link: { to: string; label: string };
}) {
  useDocumentTitle(title);
  return (
    <Page width="reading" className="py-12">
      <section className="flex flex-col items-center rounded-2xl border border-border bg-card px-6 py-12 text-center shadow-sm">
        <span
          className={cn(
            "mb-4 inline-flex size-14 items-center justify-center rounded-full",
            isWarning
              ? "bg-rose-50 text-rose-600 dark:bg-rose-400/10 dark:text-rose-400"
              : "bg-brand-50 text-brand-600 dark:bg-brand-500/15 dark:text-brand-400",
          )}
        >
          {icon}
        </span>
        <h1 className="text-xl font-semibold">{heading}</h1>
        <p className="mt-2 max-w-md text-sm text-muted-foreground">{text}</p>
        <Button asChild className="mt-6">
          <Link to={link.to}>{link.label}</Link>
        </Button>
      </section>
    </Page>
  );
}
