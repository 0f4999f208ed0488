// The Maintenance tab: the rebuilds, each on a card saying what it does and what it costs, run after
// a confirmation that says it again, answering with what it did; and the media store's use by kind.
import type { MaintenanceTask } from "@litverse/shared/admin-tools";
import { BarChart3, DatabaseZap, Eraser, Images, RefreshCw, Search } from "lucide-react";
import { type ComponentType, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { formatBytes, formatTook, MAINTENANCE_CARDS, type MaintenanceCard } from "./operations-values.ts";
import { StorageUseCard } from "./storage-use-card.tsx";
import { useMaintenance } from "./use-maintenance.ts";
import { useCanManageTools } from "./use-tools-access.ts";

const ICONS: Record<MaintenanceTask, ComponentType<{ className?: string; "aria-hidden"?: boolean }>> = {
  "recount-figures": BarChart3,
  "refresh-content-figures": RefreshCw,
  "rebuild-search-index": Search,
  "clear-image-variants": Images,
  "clear-read-cache": Eraser,
};

export function MaintenanceTab() {
  const { results, run } = useMaintenance();
  const canManage = useCanManageTools();
  // Kept after the dialog closes, so that its words do not change while it fades out.
  const [asked, setAsked] = useState<MaintenanceCard | null>(null);
  const [isAsking, setIsAsking] = useState(false);

  return (
    <div className="space-y-8">
      <section aria-labelledby="rebuilds-heading" className="space-y-4">
        <div>
          <h2 id="rebuilds-heading" className="flex items-center gap-2 text-lg font-semibold">
            <DatabaseZap className="size-5 text-brand-500" aria-hidden />
            Rebuilds
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Figures, indexes and caches the server keeps from other data, made again on request. Each asks
            before it runs, and is recorded in the audit trail with what it did.
            {canManage ? null : " Running them needs the tools permission to manage."}
          </p>
        </div>
        <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {MAINTENANCE_CARDS.map((card) => {
            const Icon = ICONS[card.task];
            const result = results[card.task];
            return (
              <Card
                key={card.task}
                className="flex flex-col p-5"
                data-testid="maintenance-card"
                data-task={card.task}
              >
                <h3 className="flex items-start gap-2 font-semibold">
                  <Icon className="mt-1 size-4 shrink-0 text-brand-500" aria-hidden />
                  {card.title}
                </h3>
                <p className="mt-2 text-sm">{card.does}</p>
                <p className="mt-2 text-sm text-muted-foreground">{card.cost}</p>
                {result ? (
                  <p
                    className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-100"
                    data-testid="maintenance-result"
                  >
                    {result.summary}
                    <span className="mt-0.5 block text-xs opacity-80">
                      {[
                        result.bytes !== null && result.task !== "rebuild-search-index"
                          ? `${formatBytes(result.bytes)} freed`
                          : null,
                        result.bytes !== null && result.task === "rebuild-search-index"
                          ? `index ${formatBytes(result.bytes)}`
                          : null,
                        `took ${formatTook(result.tookMs)}`,
                        formatDateTime(result.doneAt),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </p>
                ) : null}
                {canManage ? (
                  <div className="mt-auto pt-4">
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setAsked(card);
                        setIsAsking(true);
                      }}
                    >
                      {card.button}…
                    </Button>
                  </div>
                ) : null}
              </Card>
            );
          })}
        </div>
      </section>

      <StorageUseCard />

      <ConfirmDialog
        open={isAsking}
        onOpenChange={setIsAsking}
        variant="primary"
        title={asked ? `${asked.title}?` : ""}
        description={
          asked ? (
            <>
              <span className="block">{asked.does}</span>
              <span className="mt-2 block">{asked.cost}</span>
            </>
          ) : null
        }
        confirmLabel={asked?.confirmLabel ?? "Run"}
        cancelLabel="Not now"
        onConfirm={async () => {
          if (asked) await run(asked.task);
        }}
        errorFallback="That did not run. Please try again."
      />
    </div>
  );
}
