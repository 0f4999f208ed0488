// A campaign's report in a dialog, over the page that lists it; the page owns the query (the
// advertiser's own report, or the team's), this shows it while it loads, fails or arrives.
import type { AdReport } from "@litverse/shared/ads";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { CampaignReport } from "./campaign-report.tsx";

export interface ReportQuery {
  data: AdReport | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export function CampaignReportDialog({
  open,
  onOpenChange,
  report,
  forTeam = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  report: ReportQuery;
  forTeam?: boolean;
}) {
  const name = report.data?.campaign.name;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={name ? `Figures: ${name}` : "Figures"}
        size="lg"
        className="max-sm:h-dvh! max-sm:max-h-dvh! max-sm:rounded-none! sm:max-w-4xl!"
      >
        {report.data ? (
          <CampaignReport report={report.data} forTeam={forTeam} />
        ) : report.isError ? (
          <ErrorState
            title="Could not load the figures"
            error={report.error}
            onRetry={() => void report.refetch()}
            isRetrying={report.isFetching}
          />
        ) : (
          <div className="space-y-4" role="status" aria-label="Loading the figures">
            <Skeleton className="h-6 w-64 max-w-full" />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {[0, 1, 2, 3, 4, 5].map((key) => (
                <Skeleton key={key} className="h-24 w-full rounded-2xl" />
              ))}
            </div>
            <Skeleton className="h-56 w-full rounded-2xl" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
