// Validation's findings as a list: errors (which block publishing) first, then warnings. Each
// names its scene; choosing one shows that scene on the map.
import type { StoryIssue } from "@litverse/shared/stories/story-validation";
import { CircleAlert, CircleCheck, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { countLabel, type IssueIndex } from "./story-issues.ts";

/** Enough to work through; a story with more has a bigger problem than the list's length. */
const SHOWN_AT_FIRST = 100;

export function IssuesList({ index, onPick }: { index: IssueIndex; onPick: (issue: StoryIssue) => void }) {
  const [isAllShown, setIsAllShown] = useState(false);
  const { issues, errorCount, warningCount } = index;
  if (issues.length === 0) {
    return (
      <div className="flex items-center gap-2 rounded-xl border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-800 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-200">
        <CircleCheck className="size-5 shrink-0" aria-hidden />
        No problems found. The story is ready to publish.
      </div>
    );
  }
  const shown = isAllShown ? issues : issues.slice(0, SHOWN_AT_FIRST);
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        {errorCount > 0
          ? `${countLabel(errorCount, "error")} to fix before publishing`
          : "Nothing blocks publishing"}
        {warningCount > 0 ? `; ${countLabel(warningCount, "warning")} worth a look.` : "."}
      </p>
      <ul className="space-y-1.5" aria-label="Problems">
        {shown.map((issue, position) => (
          // Issues carry no id; the same message can come twice for one scene.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole
          <li key={position}>
            <button
              type="button"
              className={cn(
                "flex w-full gap-2 rounded-lg border px-3 py-2 text-left text-sm transition hover:bg-muted",
                issue.severity === "error"
                  ? "border-rose-300 text-rose-800 dark:border-rose-400/40 dark:text-rose-200"
                  : "border-amber-300 text-amber-900 dark:border-amber-300/40 dark:text-amber-100",
              )}
              onClick={() => onPick(issue)}
            >
              {issue.severity === "error" ? (
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-label="Error" />
              ) : (
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-label="Warning" />
              )}
              <span>{issue.message}</span>
            </button>
          </li>
        ))}
      </ul>
      {issues.length > shown.length ? (
        <Button variant="ghost" size="sm" onClick={() => setIsAllShown(true)}>
          Show all {issues.length}
        </Button>
      ) : null}
    </div>
  );
}
