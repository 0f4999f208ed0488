// The autosave and the three save slots of a reader's play: when each was saved and a line of its
// scene, with Load, Save here (asking before writing over a save) and Delete (asking first). On the
// story's page only loading is offered; saving belongs to the play page.
import type { PlayView } from "@litverse/shared/stories";
import { CloudUpload, Download, Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { formatDateTime, formatRelativeDate } from "../../lib/format.ts";
import { usePlayActions } from "./use-play-actions.ts";

type Slot = PlayView["saves"][number];
type Asking = { kind: "overwrite" | "delete"; slot: number } | null;

export function SaveSlotList({
  storyId,
  saves,
  autosavedAt,
  canSave,
  onLoaded,
}: {
  storyId: string;
  saves: Slot[];
  autosavedAt: string;
  canSave: boolean;
  /** After a slot is loaded: the play page closes its dialog, the story's page opens the play. */
  onLoaded: () => void;
}) {
  const actions = usePlayActions(storyId);
  const [asking, setAsking] = useState<Asking>(null);
  const load = async (slot: number) => {
    if (await actions.load(slot)) onLoaded();
  };
  return (
    <>
      <ul
        className="mt-3 divide-y divide-[var(--border)] rounded-xl border border-border"
        data-testid="save-slots"
      >
        <li className="flex items-center gap-3 px-3 py-3">
          <CloudUpload className="size-5 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium">Autosave</p>
            <p className="text-xs text-muted-foreground">
              Your place on every device, updated{" "}
              <time dateTime={autosavedAt} title={formatDateTime(autosavedAt)}>
                {formatRelativeDate(autosavedAt)}
              </time>
            </p>
          </div>
        </li>
        {saves.map((save, index) => {
          const slot = index + 1;
          return (
            <li
              key={slot}
              className={save ? "flex flex-col gap-2 px-3 py-3" : "flex items-center gap-3 px-3 py-3"}
              data-testid={`save-slot-${slot}`}
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <Save
                  className={
                    save
                      ? "mt-0.5 size-5 shrink-0 text-foreground"
                      : "mt-0.5 size-5 shrink-0 text-muted-foreground"
                  }
                  aria-hidden
                />
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    Slot {slot}
                    {save ? (
                      <span className="font-normal text-muted-foreground">
                        {" "}
                        · saved{" "}
                        <time dateTime={save.savedAt} title={formatDateTime(save.savedAt)}>
                          {formatRelativeDate(save.savedAt)}
                        </time>
                      </span>
                    ) : (
                      <span className="font-normal text-muted-foreground"> · Empty</span>
                    )}
                  </p>
                  {save ? <p className="line-clamp-2 text-xs text-muted-foreground">{save.excerpt}</p> : null}
                </div>
              </div>
              <div className={save ? "flex flex-wrap gap-2 pl-8" : "flex shrink-0 gap-2"}>
                {save ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void load(slot)}
                    isLoading={actions.loadingSlot === slot}
                    aria-label={`Load slot ${slot}`}
                  >
                    <Download aria-hidden />
                    Load
                  </Button>
                ) : null}
                {canSave ? (
                  <Button
                    size="sm"
                    variant={save ? "secondary" : "primary"}
                    onClick={() => (save ? setAsking({ kind: "overwrite", slot }) : void actions.save(slot))}
                    isLoading={actions.savingSlot === slot}
                    aria-label={`Save to slot ${slot}`}
                  >
                    <Save aria-hidden />
                    Save here
                  </Button>
                ) : null}
                {save ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setAsking({ kind: "delete", slot })}
                    aria-label={`Delete slot ${slot}`}
                  >
                    <Trash2 aria-hidden />
                    <span className="max-sm:sr-only">Delete</span>
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? null : setAsking(null))}
        title={asking?.kind === "delete" ? `Delete slot ${asking.slot}?` : `Save over slot ${asking?.slot}?`}
        description={
          asking?.kind === "delete"
            ? "The place saved there is gone for good."
            : "The place saved there is replaced by where you are now."
        }
        confirmLabel={asking?.kind === "delete" ? "Delete save" : "Save over it"}
        variant={asking?.kind === "delete" ? "danger" : "primary"}
        onConfirm={async () => {
          if (!asking) return;
          if (asking.kind === "delete") await actions.remove(asking.slot);
          else if (!(await actions.save(asking.slot))) throw new Error("not saved");
        }}
        errorFallback="That did not work. Please try again."
      />
    </>
  );
}
