// A title's episodes: reading order (drag, keyboard or the arrows), names, release state, prices
// and views; several chosen at once can be scheduled, priced, released or withdrawn together.
import type { AdminContentDetail, AdminEpisode } from "@litverse/shared/content";
import { CalendarClock, Coins, Eye, EyeOff, ListPlus, Pencil, Trash2, X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Table, TBody, TD, TH, THead } from "../../components/ui/table.tsx";
import { formatCount, formatDateTime, formatDuration, formatRelativeDate } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { PriceDialog, ScheduleDialog } from "./episode-dialogs.tsx";
import { MAX_PRICE_COINS, parsePrice } from "./episode-values.ts";
import { arrayMove, DragHandle, MoveButtons, SortableList, useSortableRow } from "./sortable.tsx";
import { usePublishEpisodesNow, useUnpublishEpisodes } from "./use-episode-batches.ts";
import {
  useDeleteEpisode,
  useRenameEpisode,
  useReorderEpisodes,
  useSetEpisodePrice,
} from "./use-episodes.ts";
import { useOptimistic } from "./use-optimistic.ts";

const episodeName = (episode: Pick<AdminEpisode, "number" | "title">) =>
  `episode ${episode.number}, ${episode.title}`;

function lengthOf(episode: AdminEpisode): string {
  if (episode.durationMs) return formatDuration(episode.durationMs);
  if (episode.wordCount) return `${formatCount(episode.wordCount)} words`;
  if (episode.pageCount) return `${episode.pageCount} ${episode.pageCount === 1 ? "page" : "pages"}`;
  return "";
}

export function EpisodeStateBadge({ episode }: { episode: AdminEpisode }) {
  if (episode.state === "draft") return <Badge variant="neutral">Draft</Badge>;
  if (episode.state === "scheduled" && episode.publishAt) {
    return (
      <Badge variant="warning" title={formatDateTime(episode.publishAt)}>
        <CalendarClock aria-hidden />
        Scheduled {formatRelativeDate(episode.publishAt)}
      </Badge>
    );
  }
  return (
    <Badge variant="success" title={episode.publishAt ? formatDateTime(episode.publishAt) : undefined}>
      Published
    </Badge>
  );
}

export function EpisodesTable({
  detail,
  onAddEpisodes,
}: {
  detail: AdminContentDetail;
  onAddEpisodes: () => void;
}) {
  const contentId = detail._id;
  const byId = new Map(detail.episodes.map((episode) => [episode._id, episode]));
  const order = useOptimistic(detail.episodes.map((episode) => episode._id));
  const episodes = order.value
    .map((id) => byId.get(id))
    .filter((episode): episode is AdminEpisode => !!episode);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = episodes.filter((episode) => selected.has(episode._id));
  const [dialog, setDialog] = useState<"schedule" | "price" | null>(null);
  const [toDelete, setToDelete] = useState<AdminEpisode | null>(null);

  const reorder = useReorderEpisodes(contentId);
  const publishing = usePublishEpisodesNow(contentId);
  const { unpublish: unpublishEpisodes, isUnpublishing } = useUnpublishEpisodes();
  const deleteEpisode = useDeleteEpisode();

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.value.length || from === to) return;
    const next = arrayMove([...order.value], from, to);
    order.set(next);
    reorder(next, { onFailed: order.clear });
  };

  const clearSelection = () => setSelected(new Set());
  const toggle = (id: string, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });
  const allState = chosen.length === 0 ? false : chosen.length === episodes.length ? true : "indeterminate";

  const chosenIds = chosen.map((episode) => episode._id);
  const publishNow = () => publishing.publishNow(chosenIds, { onPublished: clearSelection });
  const unpublish = () => unpublishEpisodes(chosenIds, { onUnpublished: clearSelection });

  return (
    <Card role="region" aria-labelledby="episodes-heading">
      <CardHeader>
        <div>
          <CardTitle id="episodes-heading">Episodes</CardTitle>
          <CardDescription>
            Drag the handles (or focus one and use Space and the arrow keys) to change the reading order.
          </CardDescription>
        </div>
        <Button variant="secondary" onClick={onAddEpisodes}>
          <ListPlus aria-hidden />
          Add episodes
        </Button>
      </CardHeader>
      <CardContent className="space-y-3">
        {episodes.length === 0 ? (
          <EmptyState
            as="h3"
            icon={ListPlus}
            title="No episodes yet"
            text="Import files to add the first episodes."
            action={<Button onClick={onAddEpisodes}>Add episodes</Button>}
          />
        ) : (
          <>
            <div
              className={cn(
                "flex flex-wrap items-center gap-2 rounded-xl border px-3 py-2",
                chosen.length > 0
                  ? "border-brand-500/40 bg-brand-50 dark:bg-brand-500/10"
                  : "border-dashed border-border",
              )}
              role="toolbar"
              aria-label="Chosen episodes"
            >
              <span className="mr-auto text-sm font-medium" aria-live="polite">
                {chosen.length === 0
                  ? "Tick episodes to schedule, price or release several at once."
                  : `${chosen.length} of ${episodes.length} chosen`}
              </span>
              {chosen.length > 0 ? (
                <>
                  <Button size="sm" variant="secondary" onClick={() => setDialog("schedule")}>
                    <CalendarClock aria-hidden />
                    Schedule
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setDialog("price")}>
                    <Coins aria-hidden />
                    Set price
                  </Button>
                  <Button size="sm" variant="secondary" onClick={publishNow} isLoading={publishing.isPending}>
                    <Eye aria-hidden />
                    Publish now
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void unpublish()}
                    isLoading={isUnpublishing}
                  >
                    <EyeOff aria-hidden />
                    Unpublish
                  </Button>
                  <Button size="sm" variant="ghost" onClick={clearSelection}>
                    <X aria-hidden />
                    Clear
                  </Button>
                </>
              ) : null}
            </div>
            <SortableList
              ids={order.value}
              nameOf={(id) => {
                const episode = byId.get(id);
                return episode ? episodeName({ ...episode, number: order.value.indexOf(id) + 1 }) : "episode";
              }}
              onMove={move}
            >
              <Table caption={`Episodes of ${detail.title}`}>
                <THead>
                  <tr>
                    <TH className="w-10">
                      <Checkbox
                        checked={allState}
                        onCheckedChange={(checked) =>
                          setSelected(
                            checked === true ? new Set(episodes.map((episode) => episode._id)) : new Set(),
                          )
                        }
                        aria-label="Choose every episode"
                      />
                    </TH>
                    <TH>
                      <span className="sr-only">Order</span>
                    </TH>
                    <TH>#</TH>
                    <TH>Title</TH>
                    <TH>State</TH>
                    <TH>Price (coins)</TH>
                    <TH>Length</TH>
                    <TH className="text-right">Views</TH>
                    <TH>
                      <span className="sr-only">Actions</span>
                    </TH>
                  </tr>
                </THead>
                <TBody>
                  {episodes.map((episode, index) => (
                    <EpisodeRow
                      key={episode._id}
                      episode={episode}
                      position={index + 1}
                      count={episodes.length}
                      isSelected={selected.has(episode._id)}
                      onSelect={(isOn) => toggle(episode._id, isOn)}
                      onMove={move}
                      onDelete={() => setToDelete(episode)}
                    />
                  ))}
                </TBody>
              </Table>
            </SortableList>
          </>
        )}
      </CardContent>
      {dialog === "schedule" ? (
        <ScheduleDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          contentId={contentId}
          episodes={chosen}
          onDone={clearSelection}
        />
      ) : null}
      {dialog === "price" ? (
        <PriceDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          contentId={contentId}
          episodes={chosen}
          onDone={clearSelection}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete ? `Delete episode ${toDelete.number}, “${toDelete.title}”?` : ""}
        description="Its file goes too, and readers lose their progress in it. The episodes after it move up one."
        confirmLabel="Delete episode"
        errorFallback="Could not delete the episode."
        onConfirm={async () => {
          if (!toDelete) return;
          await deleteEpisode(toDelete, { onDeleted: () => toggle(toDelete._id, false) });
        }}
      />
    </Card>
  );
}

function EpisodeRow({
  episode,
  position,
  count,
  isSelected,
  onSelect,
  onMove,
  onDelete,
}: {
  episode: AdminEpisode;
  /** Where it shows now, which may be ahead of its saved number while a move is saved. */
  position: number;
  count: number;
  isSelected: boolean;
  onSelect: (isOn: boolean) => void;
  onMove: (from: number, to: number) => void;
  onDelete: () => void;
}) {
  const row = useSortableRow(episode._id);
  const name = episodeName({ ...episode, number: position });
  return (
    <tr
      ref={row.setNodeRef}
      style={row.style}
      data-selected={isSelected}
      data-testid="episode-row"
      className={cn(
        "data-[selected=true]:bg-brand-50 dark:data-[selected=true]:bg-brand-500/10",
        row.isDragging && "bg-card shadow-lg",
      )}
    >
      <TD className="w-10">
        <Checkbox
          checked={isSelected}
          onCheckedChange={(checked) => onSelect(checked === true)}
          aria-label={`Choose ${name}`}
        />
      </TD>
      <TD className="px-1!">
        <span className="flex items-center">
          <DragHandle label={`Reorder ${name}`} handle={row.handle} />
          <MoveButtons name={name} index={position - 1} count={count} onMove={onMove} />
        </span>
      </TD>
      <TD className="tabular-nums text-muted-foreground">{position}</TD>
      <TD wrap>
        <EpisodeTitle episode={episode} name={name} />
      </TD>
      <TD>
        <EpisodeStateBadge episode={episode} />
      </TD>
      <TD>
        <PriceCell episode={episode} name={name} />
      </TD>
      <TD className="text-muted-foreground tabular-nums">{lengthOf(episode)}</TD>
      <TD className="text-right tabular-nums">{formatCount(episode.views)}</TD>
      <TD>
        <Button
          variant="ghost"
          size="icon"
          className="size-8! text-rose-600 dark:text-rose-400"
          aria-label={`Delete ${name}`}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      </TD>
    </tr>
  );
}

/** The title as text with a rename button, or a field while renaming: Enter saves, Escape cancels. */
function EpisodeTitle({ episode, name }: { episode: AdminEpisode; name: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = useOptimistic(episode.title);
  const rename = useRenameEpisode(episode._id);

  const save = () => {
    if (draft === null) return;
    const title = draft.trim();
    setDraft(null);
    if (!title || title === shown.value) {
      if (!title) toast.error("An episode needs a title.");
      return;
    }
    shown.set(title);
    rename(title, { onFailed: shown.clear });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      setDraft(null);
    }
  };

  if (draft !== null) {
    return (
      <Input
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={save}
        maxLength={200}
        aria-label={`New title for ${name}`}
        autoFocus
        className="h-8 min-w-48"
      />
    );
  }
  return (
    <span className="group flex items-center gap-1">
      <span className="font-medium">{shown.value}</span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7! shrink-0 text-muted-foreground"
        aria-label={`Rename ${name}`}
        onClick={() => setDraft(shown.value)}
      >
        <Pencil aria-hidden />
      </Button>
    </span>
  );
}

/** The price as a number field, saved when it loses focus or on Enter. */
function PriceCell({ episode, name }: { episode: AdminEpisode; name: string }) {
  const [text, setText] = useState<string | null>(null);
  const price = useOptimistic(episode.priceCoins);
  const setPrice = useSetEpisodePrice(episode._id);
  const shown = text ?? String(price.value);

  const save = () => {
    if (text === null) return;
    const coins = parsePrice(text);
    setText(null);
    if (coins === null) {
      toast.error(`A price is a whole number of coins from 0 to ${MAX_PRICE_COINS.toLocaleString("en-US")}.`);
      return;
    }
    if (coins === price.value) return;
    price.set(coins);
    setPrice(coins, name, { onFailed: price.clear });
  };

  return (
    <Input
      type="number"
      inputMode="numeric"
      min={0}
      max={MAX_PRICE_COINS}
      step={1}
      value={shown}
      onChange={(event) => setText(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          save();
        } else if (event.key === "Escape") {
          setText(null);
        }
      }}
      aria-label={`Price of ${name} in coins`}
      className="h-8 w-24"
    />
  );
}
