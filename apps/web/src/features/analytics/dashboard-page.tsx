// The platform at a glance, for the people who run it: today's figures (UTC) beside the last two
// weeks, live. Each figure links to the page that explains it; an admin sees only what their
// permissions allow (the server leaves the rest out).
import type { DashboardFigure } from "@litverse/shared/analytics";
import { Gauge } from "lucide-react";
import { Link } from "react-router";
import { Sparkline } from "../../components/charts/sparkline.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatTime } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { formatFigure, seriesSummary } from "./figure-value.ts";
import { useDashboard } from "./use-dashboard.ts";

const SKELETON_KEYS = ["a", "b", "c", "d", "e", "f", "g", "h"];

export function DashboardPage() {
  useDocumentTitle("Admin Dashboard");
  const dashboard = useDashboard();
  return (
    <Page width="wide" className="space-y-8 py-8">
      <PageHeader
        title="Admin Dashboard"
        description="The platform at a glance, live. Today's figures run from midnight UTC; each line shows the last 14 days."
      />
      {dashboard.isError ? (
        <ErrorState
          error={dashboard.error}
          title="Could not load the dashboard"
          onRetry={() => void dashboard.refetch()}
        />
      ) : !dashboard.data ? (
        <div
          role="status"
          aria-label="Loading the dashboard"
          className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
        >
          {SKELETON_KEYS.map((key) => (
            <Skeleton key={key} className="h-36 w-full" />
          ))}
        </div>
      ) : dashboard.data.groups.length === 0 ? (
        <EmptyState
          icon={Gauge}
          title="Nothing to show"
          text="Your permissions include no section with figures. A superadmin can give you access."
        />
      ) : (
        <>
          {dashboard.data.groups.map((group) => (
            <section key={group.title} aria-labelledby={`group-${group.title}`} className="space-y-3">
              <h2 id={`group-${group.title}`} className="text-lg font-semibold">
                {group.title}
              </h2>
              <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
                {group.figures.map((figure) => (
                  <li key={figure.key}>
                    <FigureCard figure={figure} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <p className="text-xs text-muted-foreground">
            Updated {formatTime(dashboard.data.generatedAt)}, and again as things happen.
          </p>
        </>
      )}
    </Page>
  );
}

function FigureCard({ figure }: { figure: DashboardFigure }) {
  return (
    <Link
      to={figure.href}
      data-testid={`figure-${figure.key}`}
      className="group flex h-full flex-col rounded-2xl border border-border bg-card p-3 shadow-sm sm:p-5 transition-colors hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <span className="text-sm font-medium text-muted-foreground">{figure.label}</span>
      <span
        className="mt-1 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl"
        data-testid="figure-value"
      >
        {formatFigure(figure)}
      </span>
      <span className="mt-1 text-xs text-muted-foreground">{figure.hint}</span>
      <span className="mt-auto pt-3">
        {figure.series ? (
          <Sparkline values={figure.series} label={seriesSummary(figure, figure.series)} />
        ) : (
          <span className="block h-8" aria-hidden />
        )}
      </span>
    </Link>
  );
}
