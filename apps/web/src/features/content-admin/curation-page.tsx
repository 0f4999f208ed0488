// Content Curation: the home page's shelves in their order. Automatic shelves fill themselves from
// engagement and dates; hand-picked ones hold the titles chosen here. Live, like the home page.
import {
  type AdminCuratedList,
  type ContentCard,
  isComputedListType,
  SHELF_ITEM_LIMIT,
} from "@litverse/shared/content";
import { Hand, House, LayoutList, ListChecks, Pencil, Plus, Sparkles, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { CoverImage } from "../../components/catalogue/cover-image.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { shelfTitle } from "../home/index.ts";
import { COMPUTED_LIST_EXPLANATIONS, CONTENT_TYPE_PLURALS, LIST_TYPE_LABELS } from "./labels.ts";
import { ShelfDialog } from "./shelf-dialog.tsx";
import { ShelfItemsDialog } from "./shelf-items-dialog.tsx";
import { arrayMove, DragHandle, MoveButtons, SortableList, useSortableRow } from "./sortable.tsx";
import { useOptimistic } from "./use-optimistic.ts";
import { useCuratedLists, useDeleteShelf, useReorderShelves, useSetShelfActive } from "./use-shelves.ts";

export function CurationPage() {
  useDocumentTitle("Content Curation");
  const lists = useCuratedLists();
  const [isCreating, setIsCreating] = useState(false);

  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Content Curation"
        description="The shelves on the home page, top to bottom. Drag them into order, switch them on or off, and choose what hand-picked shelves hold."
        actions={
          <>
            <Button variant="secondary" asChild>
              <Link to="/">
                <House aria-hidden />
                See home
              </Link>
            </Button>
            <Button onClick={() => setIsCreating(true)}>
              <Plus aria-hidden />
              New shelf
            </Button>
          </>
        }
      />
      {lists.data ? (
        lists.data.length === 0 ? (
          <EmptyState
            icon={LayoutList}
            title="No shelves yet"
            text="Without shelves, home invites readers to explore the library. Add a shelf to feature titles."
            action={<Button onClick={() => setIsCreating(true)}>New shelf</Button>}
          />
        ) : (
          <ShelfList lists={lists.data} />
        )
      ) : lists.isError ? (
        <ErrorState
          title="Could not load the shelves"
          error={lists.error}
          onRetry={() => void lists.refetch()}
          isRetrying={lists.isFetching}
        />
      ) : (
        <div className="space-y-4" role="status" aria-label="Loading shelves">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-44 w-full rounded-2xl" />
          ))}
        </div>
      )}
      {isCreating ? <ShelfDialog open onOpenChange={setIsCreating} /> : null}
    </Page>
  );
}

function ShelfList({ lists }: { lists: AdminCuratedList[] }) {
  const order = useOptimistic(lists.map((list) => list._id));
  const byId = new Map(lists.map((list) => [list._id, list]));
  const shown = order.value.map((id) => byId.get(id)).filter((list): list is AdminCuratedList => !!list);
  const reorder = useReorderShelves();

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.value.length || from === to) return;
    const next = arrayMove([...order.value], from, to);
    order.set(next);
    reorder(next, { onFailed: order.clear });
  };

  return (
    <SortableList
      ids={order.value}
      nameOf={(id) => {
        const list = byId.get(id);
        return list ? `shelf ${shelfTitle(list)}` : "shelf";
      }}
      onMove={move}
    >
      <ol className="space-y-4" aria-label="Shelves in home page order">
        {shown.map((list, index) => (
          <ShelfCard key={list._id} list={list} index={index} count={shown.length} onMove={move} />
        ))}
      </ol>
    </SortableList>
  );
}

function ShelfCard({
  list,
  index,
  count,
  onMove,
}: {
  list: AdminCuratedList;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}) {
  const row = useSortableRow(list._id);
  const [dialog, setDialog] = useState<"edit" | "items" | "delete" | null>(null);
  const activity = useSetShelfActive(list._id);
  const deleteShelf = useDeleteShelf();
  const active = useOptimistic(list.isActive);
  const name = shelfTitle(list);
  const isComputed = list.isComputed || isComputedListType(list.listType);
  // What home shows: the shelf's type only, at most SHELF_ITEM_LIMIT.
  const preview = list.items
    .filter((item) => list.contentType === "all" || item.contentType === list.contentType)
    .slice(0, SHELF_ITEM_LIMIT);
  const headingId = `shelf-heading-${list._id}`;

  return (
    <li
      ref={row.setNodeRef}
      style={row.style}
      aria-labelledby={headingId}
      data-testid="curation-shelf"
      className={cn(
        "rounded-2xl border border-border bg-card shadow-sm",
        row.isDragging && "shadow-xl ring-2 ring-brand-500/40",
        !active.value && "bg-muted/40",
      )}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-3 p-4 sm:p-5">
        <div className="flex items-center gap-0.5">
          <DragHandle label={`Reorder shelf ${name}`} handle={row.handle} />
          <MoveButtons name={`shelf ${name}`} index={index} count={count} onMove={onMove} />
        </div>
        <div className="min-w-0 flex-1 basis-56">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground tabular-nums">{index + 1}.</span>
            <h2 id={headingId} className="text-lg leading-snug font-semibold">
              {name}
            </h2>
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            {isComputed ? (
              <Badge variant="brand">
                <Sparkles aria-hidden />
                Automatic
              </Badge>
            ) : (
              <Badge variant="warning">
                <Hand aria-hidden />
                Hand-picked
              </Badge>
            )}
            <Badge>{LIST_TYPE_LABELS[list.listType]}</Badge>
            <Badge>{CONTENT_TYPE_PLURALS[list.contentType]}</Badge>
            {active.value ? null : <Badge variant="danger">Hidden from home</Badge>}
          </div>
          {list.description ? <p className="mt-2 text-sm text-muted-foreground">{list.description}</p> : null}
          {isComputed ? (
            <p className="mt-2 text-sm">
              <span className="font-medium">Filled automatically: </span>
              <span className="text-muted-foreground">
                {COMPUTED_LIST_EXPLANATIONS[list.listType]} Recomputed from engagement every few minutes.
              </span>
            </p>
          ) : null}
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <Switch
            label="On home"
            checked={active.value}
            disabled={activity.isPending}
            className="mr-2 items-center"
            onCheckedChange={(checked) => {
              active.set(checked);
              activity.setActive(checked, { onFailed: active.clear });
            }}
          />
          {isComputed ? null : (
            <Button size="sm" variant="secondary" onClick={() => setDialog("items")}>
              <ListChecks aria-hidden />
              Edit titles
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setDialog("edit")}
            aria-label={`Edit shelf ${name}`}
          >
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-rose-600 dark:text-rose-400"
            onClick={() => setDialog("delete")}
            aria-label={`Delete shelf ${name}`}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>

      <div className="border-t border-border px-4 py-3 sm:px-5">
        <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {isComputed ? "On home now" : "Preview on home"}
        </p>
        {preview.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {isComputed
              ? "Nothing qualifies yet, so home leaves this shelf out."
              : "No titles yet, so home leaves this shelf out. Use Edit titles to add some."}
          </p>
        ) : (
          <ShelfPreview items={preview} total={list.items.length} isComputed={isComputed} />
        )}
      </div>

      {dialog === "edit" ? (
        <ShelfDialog open onOpenChange={(open) => !open && setDialog(null)} list={list} />
      ) : null}
      {dialog === "items" ? (
        <ShelfItemsDialog open onOpenChange={(open) => !open && setDialog(null)} list={list} />
      ) : null}
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Delete the shelf “${name}”?`}
        description={
          isComputed
            ? "Home stops showing it. The titles themselves stay."
            : `Home stops showing it and its ${list.items.length} hand-picked ${list.items.length === 1 ? "title is" : "titles are"} forgotten. The titles themselves stay.`
        }
        confirmLabel="Delete shelf"
        errorFallback="Could not delete the shelf."
        onConfirm={() => deleteShelf(list._id, name)}
      />
    </li>
  );
}

function ShelfPreview({
  items,
  total,
  isComputed,
}: {
  items: ContentCard[];
  total: number;
  isComputed: boolean;
}) {
  return (
    <div>
      <ul className="grid grid-cols-6 gap-2 sm:max-w-xl sm:gap-3" aria-label="Titles shown">
        {items.map((item) => (
          <li key={item._id} className="min-w-0" title={item.title}>
            <div className="aspect-[2/3] overflow-hidden rounded-lg border border-border bg-muted">
              <CoverImage
                url={item.coverImage}
                title={item.title}
                sizes="80px"
                className="size-full text-[9px]"
              />
            </div>
            <p className="mt-1 truncate text-xs">{item.title}</p>
          </li>
        ))}
      </ul>
      {!isComputed && total > items.length ? (
        <p className="mt-2 text-xs text-muted-foreground">
          {total - items.length} more on the list wait their turn: home shows {SHELF_ITEM_LIMIT}.
        </p>
      ) : null}
    </div>
  );
}
