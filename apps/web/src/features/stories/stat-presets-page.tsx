// /admin/stat-presets: the sets of stats stories share (a hero's courage and gold, a detective's
// clues), each with the stories using it. Create, edit, delete; the server refuses to delete one
// that a story still uses, and the confirmation says why. Live.

import { Gauge, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { type PresetToEdit, StatPresetDialog } from "./stat-preset-dialog.tsx";
import { statSummary } from "./stat-preset-form.ts";
import { useDeleteStatPreset, useStatPresets } from "./use-stat-presets.ts";

type Editing = { kind: "new" } | { kind: "edit"; preset: PresetToEdit } | null;

export function StatPresetsPage() {
  useDocumentTitle("Stat Presets");
  const presets = useStatPresets();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string; storyCount: number } | null>(null);
  const deletePreset = useDeleteStatPreset();
  const create = () => setEditing({ kind: "new" });
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Stat Presets"
        description="Reusable sets of stats for interactive stories: numbers with bounds and flags, shown to readers or kept hidden."
        actions={
          <Button onClick={create}>
            <Plus aria-hidden />
            New preset
          </Button>
        }
      />
      {presets.isPending ? (
        <div role="status" aria-label="Loading presets" className="grid gap-4 md:grid-cols-2">
          {[0, 1].map((index) => (
            <Skeleton key={index} className="h-40 w-full rounded-2xl" />
          ))}
        </div>
      ) : presets.isError ? (
        <ErrorState
          title="Could not load the presets"
          error={presets.error}
          onRetry={() => void presets.refetch()}
          isRetrying={presets.isFetching}
        />
      ) : presets.data.length === 0 ? (
        <EmptyState
          icon={Gauge}
          title="No stat presets yet"
          text="Make one set of stats (courage, gold, a flag for a secret found) and attach it to as many stories as you like."
          action={<Button onClick={create}>New preset</Button>}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" data-testid="preset-list">
          {presets.data.map((preset) => (
            <li
              key={preset.id}
              className="flex flex-col rounded-2xl border border-border bg-card p-4 shadow-sm"
              data-testid="preset-card"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="font-semibold break-words">{preset.name}</h2>
                  <p className="text-xs text-muted-foreground">
                    {preset.stats.length} {preset.stats.length === 1 ? "stat" : "stats"} ·{" "}
                    {preset.storyCount === 0
                      ? "not used yet"
                      : `used by ${preset.storyCount} ${preset.storyCount === 1 ? "story" : "stories"}`}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${preset.name}`}
                    onClick={() => setEditing({ kind: "edit", preset })}
                  >
                    <Pencil aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${preset.name}`}
                    onClick={() => setDeleting(preset)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
              {preset.description ? (
                <p className="mt-2 text-sm text-muted-foreground">{preset.description}</p>
              ) : null}
              {preset.stats.length > 0 ? (
                <ul className="mt-3 flex flex-wrap gap-1.5">
                  {preset.stats.map((stat) => (
                    <li
                      key={stat.name}
                      className="rounded-full bg-stone-100 px-2.5 py-1 text-xs text-stone-800 dark:bg-white/10 dark:text-stone-100"
                    >
                      <span className="font-mono text-[11px] text-muted-foreground">{stat.name}</span>{" "}
                      {statSummary(stat)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <StatPresetDialog
        open={editing !== null}
        preset={editing?.kind === "edit" ? editing.preset : null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={`Delete “${deleting?.name ?? ""}”?`}
        description={
          deleting && deleting.storyCount > 0
            ? `It is used by ${deleting.storyCount} ${deleting.storyCount === 1 ? "story" : "stories"}: a preset can be deleted only once no story uses it.`
            : "Stories no longer offer it. This cannot be undone."
        }
        confirmLabel="Delete preset"
        onConfirm={async () => {
          if (!deleting) return;
          await deletePreset(deleting);
        }}
        errorFallback="Could not delete the preset."
      />
    </Page>
  );
}
