import { cn } from "../ui/cn.ts";
import { Skeleton } from "../ui/skeleton.tsx";

/** Explore's result grid: 2 columns on phones, 3 on small tablets, 4 from there on (beside the filters). */
export const CARD_GRID_CLASS = "grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 sm:gap-x-4 md:grid-cols-4";

const keys = (count: number) => Array.from({ length: count }, (_, index) => `card-${index}`);

/** Placeholder cards while titles load: cover, title and author lines. */
export function CardGridSkeleton({
  count = 8,
  label = "Loading titles",
  className = CARD_GRID_CLASS,
  itemClassName,
}: {
  count?: number;
  label?: string;
  className?: string;
  /** Classes for each placeholder card (a fixed width in a sideways-scrolling row). */
  itemClassName?: string;
}) {
  return (
    <div role="status" aria-label={label} className={cn(className)}>
      {keys(count).map((key) => (
        <div key={key} className={itemClassName}>
          <Skeleton className="aspect-[2/3] rounded-xl" />
          <Skeleton className="mt-2 h-4 w-4/5" />
          <Skeleton className="mt-1.5 h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}
