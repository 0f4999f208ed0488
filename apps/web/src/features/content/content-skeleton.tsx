import { Page } from "../../components/ui/page.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";

const ROWS = ["row-1", "row-2", "row-3", "row-4", "row-5"];

/** The title page's outline while it loads: cover, heading, buttons, episode rows. */
export function ContentSkeleton() {
  return (
    <Page width="wide" className="pt-6 pb-12 sm:pt-10" role="status" aria-label="Loading the title">
      <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-4 gap-y-6 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-x-6 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-x-10">
        <Skeleton className="aspect-[2/3] rounded-2xl md:row-span-2" />
        <div className="space-y-3 self-center md:self-end">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-2/3" />
        </div>
        <div className="col-span-2 space-y-4 md:col-span-1 md:col-start-2">
          <div className="flex gap-2">
            <Skeleton className="h-12 w-44 rounded-xl" />
            <Skeleton className="h-12 w-24 rounded-xl" />
            <Skeleton className="h-12 w-40 rounded-xl" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </div>
      <div className="mt-10 space-y-2">
        <Skeleton className="h-6 w-32" />
        {ROWS.map((key) => (
          <Skeleton key={key} className="h-16 w-full rounded-xl" />
        ))}
      </div>
    </Page>
  );
}
