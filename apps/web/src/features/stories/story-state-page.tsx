// In place of a story that cannot be shown: missing (or never published), or above the reader's
// age. Each says why and leads back to the stories.
import { BookX, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { Page } from "../../components/ui/page.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";

function StatePage({
  title,
  heading = title,
  icon,
  text,
  isWarning = false,
}: {
  title: string;
  heading?: string;
  icon: ReactNode;
  text: string;
  isWarning?: boolean;
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
          <Link to="/interactive-stories">All stories</Link>
        </Button>
      </section>
    </Page>
  );
}

export function StoryNotFound() {
  return (
    <StatePage
      title="Story not found"
      icon={<BookX className="size-7" aria-hidden />}
      text="This story does not exist or is no longer available."
    />
  );
}

export function StoryAgeRestricted({ message }: { message: string }) {
  return (
    <StatePage
      title="Age restricted"
      heading={message.replace(/\.$/, "")}
      icon={<ShieldAlert className="size-7" aria-hidden />}
      isWarning
      text="It is not available for your age group. There are other stories to play that are."
    />
  );
}
