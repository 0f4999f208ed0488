// The small marks an item carries in the queue and on its review: how serious its reports are, a
// notice under the law, hidden pending review, an appeal waiting, and what it is.
import {
  MODERATION_KIND_LABELS,
  type ModerationQueueItem,
  REPORT_CATEGORY_LABELS,
  type ReportCategory,
} from "@litverse/shared/moderation";
import { EyeOff, Gavel, Scale, ShieldAlert } from "lucide-react";
import { Badge } from "../../components/ui/badge.tsx";
import { categoryTone, isUrgentCategory } from "./moderation-values.ts";

export function CategoryBadge({ category, count }: { category: ReportCategory; count?: number }) {
  return (
    <Badge variant={categoryTone(category)} data-testid="category-badge">
      {isUrgentCategory(category) ? <ShieldAlert aria-hidden /> : null}
      {REPORT_CATEGORY_LABELS[category]}
      {count !== undefined && count > 1 ? <span className="tabular-nums">×{count}</span> : null}
    </Badge>
  );
}

/** Notice, hidden pending review, appeal waiting, decided: only those that apply. */
export function ItemFlags({ item }: { item: ModerationQueueItem }) {
  return (
    <>
      {item.hasNotice ? (
        <Badge variant="danger">
          <Scale aria-hidden />
          Notice
        </Badge>
      ) : null}
      {item.isAutoHidden ? (
        <Badge variant="warning">
          <EyeOff aria-hidden />
          Hidden pending review
        </Badge>
      ) : null}
      {item.hasPendingAppeal ? (
        <Badge variant="brand">
          <Gavel aria-hidden />
          Appeal waiting
        </Badge>
      ) : null}
      {item.state === "decided" ? <Badge variant="success">Decided</Badge> : null}
      {item.target.exists ? null : <Badge>Deleted since</Badge>}
    </>
  );
}

export function KindLabel({ item }: { item: ModerationQueueItem }) {
  return (
    <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
      {MODERATION_KIND_LABELS[item.target.kind]}
    </span>
  );
}
