// How much the media store holds, by kind: walked by the server when asked (it reads every file's
// size, so not on every visit), shown with when it was computed and how long that took.
import type { StorageKindUse } from "@litverse/shared/admin-tools";
import { HardDrive } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { countOf, formatBytes, formatTook } from "./operations-values.ts";
import { useStorageUse } from "./use-maintenance.ts";

const GROUPS: Array<{ group: StorageKindUse["group"]; title: string }> = [
  { group: "media", title: "Media files" },
  { group: "internal", title: "Uploads, variants and staging" },
];

export function StorageUseCard() {
  const use = useStorageUse();
  const data = use.data;
  return (
    <section aria-labelledby="storage-heading" className="space-y-4">
      <Card className="p-5">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="max-w-3xl">
            <h2 id="storage-heading" className="flex items-center gap-2 text-lg font-semibold">
              <HardDrive className="size-5 text-brand-500" aria-hidden />
              Storage use by kind
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Walks every file of the media store (covers, episodes by their title&apos;s kind, reels,
              pictures, and the store&apos;s own folders: uploads waiting, image variants, staging) and adds
              up their sizes. It changes nothing; on a large store it takes a while.
            </p>
          </div>
          <Button
            variant="secondary"
            className="shrink-0 self-start"
            isLoading={use.isFetching}
            onClick={() => void use.refetch()}
          >
            {data ? "Compute again" : "Compute storage use"}
          </Button>
        </div>
        {data ? (
          <p className="mt-4 border-t border-border pt-4 text-sm" data-testid="storage-summary">
            <span className="font-semibold">{formatBytes(data.bytes)}</span> in{" "}
            {countOf(data.files, "file", "files")}. Computed {formatDateTime(data.computedAt)} in{" "}
            {formatTook(data.tookMs)}.
          </p>
        ) : null}
      </Card>

      {use.isError ? (
        <ErrorState
          title="Could not compute the storage use"
          error={use.error}
          onRetry={() => void use.refetch()}
          isRetrying={use.isFetching}
        />
      ) : null}

      {data ? (
        <Table caption="Storage use by kind" className={use.isFetching ? "opacity-60" : undefined}>
          <THead>
            <TR>
              <TH>Kind</TH>
              <TH className="text-right">Files</TH>
              <TH className="text-right">Size</TH>
            </TR>
          </THead>
          {GROUPS.map(({ group, title }) => {
            const kinds = data.kinds.filter((kind) => kind.group === group);
            if (kinds.length === 0) return null;
            return (
              <TBody key={group}>
                <TR>
                  <TH
                    colSpan={3}
                    scope="colgroup"
                    className="bg-muted/50 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                  >
                    {title}
                  </TH>
                </TR>
                {kinds.map((kind) => (
                  <TR key={kind.kind} data-testid="storage-kind" data-kind={kind.kind}>
                    <TH wrap className="min-w-40 font-normal">
                      <span className="block font-medium">{kind.label}</span>
                      <span className="block text-xs text-muted-foreground">
                        {kind.description}
                        {kind.items !== null ? ` · ${countOf(kind.items, "waiting", "waiting")}` : null}
                      </span>
                      <ShareBar bytes={kind.bytes} total={data.bytes} />
                    </TH>
                    <TD className="text-right tabular-nums">{kind.files.toLocaleString("en-US")}</TD>
                    <TD className="text-right tabular-nums">{formatBytes(kind.bytes)}</TD>
                  </TR>
                ))}
              </TBody>
            );
          })}
        </Table>
      ) : null}
    </section>
  );
}

/** The kind's share of the whole store, drawn (the figures beside it say it in words). */
function ShareBar({ bytes, total }: { bytes: number; total: number }) {
  const share = total > 0 ? bytes / total : 0;
  return (
    <span
      className="mt-1.5 block h-1 w-full max-w-48 overflow-hidden rounded-full bg-stone-200 dark:bg-white/10"
      aria-hidden
    >
      <span
        className="block h-full rounded-full bg-brand-500"
        style={{ width: `${Math.max(share > 0 ? 2 : 0, Math.round(share * 100))}%` }}
      />
    </span>
  );
}
