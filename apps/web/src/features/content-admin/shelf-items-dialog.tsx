// The titles of a hand-picked shelf: find titles to add, put them in order, take some off; saved
// together.
import {
  type AdminContentRow,
  type AdminCuratedList,
  type ContentCard,
  SHELF_ITEM_LIMIT,
} from "@litverse/shared/content";
import { Check, Plus, X } from "lucide-react";
import { useState } from "react";
import { CoverImage } from "../../components/catalogue/cover-image.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useSettledValue } from "../../lib/use-settled-value.ts";
import { shelfTitle } from "../home/index.ts";
import { CONTENT_TYPE_LABELS, CONTENT_TYPE_PLURALS } from "./labels.ts";
import { arrayMove, DragHandle, MoveButtons, SortableList, useSortableRow } from "./sortable.tsx";
import { useSaveShelfItems, useTitleSearch } from "./use-shelves.ts";

/** The most titles a list may hold (setCuratedListItemsInput). */
const MAX_ITEMS = 100;

export function ShelfItemsDialog({
  open,
  onOpenChange,
  list,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  list: AdminCuratedList;
}) {
  const [items, setItems] = useState<ContentCard[]>(list.items);
  const [search, setSearch] = useState("");
  const query = useSettledValue(search.trim(), 250);
  const [error, setError] = useState<string | null>(null);
  const { save, isPending } = useSaveShelfItems(list._id);
  const { results, errorMessage } = useTitleSearch(query, list.contentType);

  const ids = items.map((item) => item._id);
  const isDirty = JSON.stringify(ids) !== JSON.stringify(list.items.map((item) => item._id));
  const add = (row: AdminContentRow) => {
    if (ids.includes(row._id) || items.length >= MAX_ITEMS) return;
    const { _id, title, author, coverImage, accessType, contentType } = row;
    setItems([...items, { _id, title, author, coverImage, accessType, contentType }]);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    setItems(arrayMove(items, from, to));
  };

  const submit = async () => {
    setError(null);
    await save(ids, shelfTitle(list), { onSaved: () => onOpenChange(false), onFailed: setError });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      // Wider than "lg": two columns of titles side by side.
      className="sm:max-w-4xl!"
      title={`Titles on “${shelfTitle(list)}”`}
      description={`Home shows the first 6 published ${list.contentType === "all" ? "titles" : CONTENT_TYPE_PLURALS[list.contentType].toLowerCase()} a reader is old enough for.`}
      submitLabel="Save titles"
      onSubmit={submit}
      isPending={isPending}
      canSubmit={isDirty}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="shelf-items-heading" className="min-w-0">
          <h3 id="shelf-items-heading" className="mb-2 text-sm font-semibold">
            On the shelf ({items.length})
          </h3>
          {items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">
              No titles yet. Search for some and add them.
            </p>
          ) : (
            <SortableList
              ids={ids}
              nameOf={(id) => items.find((item) => item._id === id)?.title ?? "title"}
              onMove={move}
            >
              <ol className="space-y-1.5" aria-label="Titles on the shelf, in order">
                {items.map((item, index) => (
                  <ShelfItemRow
                    key={item._id}
                    item={item}
                    index={index}
                    count={items.length}
                    onMove={move}
                    onRemove={() => setItems(items.filter((other) => other._id !== item._id))}
                  />
                ))}
              </ol>
            </SortableList>
          )}
        </section>

        <section aria-labelledby="shelf-search-heading" className="min-w-0">
          <h3 id="shelf-search-heading" className="mb-2 text-sm font-semibold">
            Add titles
          </h3>
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search title, author, tags"
            aria-label="Search titles to add"
          />
          <div className="mt-2" aria-live="polite" aria-busy={results.isFetching}>
            {results.isError ? (
              <p className="text-sm text-rose-600 dark:text-rose-400">
                {errorMessage}{" "}
                <button
                  type="button"
                  className="font-semibold underline"
                  onClick={() => void results.refetch()}
                >
                  Try again
                </button>
              </p>
            ) : !results.data ? (
              <div className="space-y-2">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : results.data.items.length === 0 ? (
              <p className="py-4 text-center text-sm text-muted-foreground">No titles match.</p>
            ) : (
              <ul className="space-y-1.5" aria-label="Search results">
                {results.data.items.map((row) => {
                  const isOnShelf = ids.includes(row._id);
                  return (
                    <li key={row._id} className="flex items-center gap-3 rounded-xl border border-border p-2">
                      <Thumb item={row} />
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-medium">{row.title}</p>
                        <p className="flex items-center gap-1.5 truncate text-xs text-muted-foreground">
                          {CONTENT_TYPE_LABELS[row.contentType]} · {row.author}
                          {row.status === "draft" ? <Badge>Draft</Badge> : null}
                        </p>
                      </div>
                      <Button
                        size="sm"
                        variant={isOnShelf ? "ghost" : "secondary"}
                        disabled={isOnShelf || items.length >= MAX_ITEMS}
                        onClick={() => add(row)}
                        aria-label={
                          isOnShelf
                            ? `${row.title} (${CONTENT_TYPE_LABELS[row.contentType]}) is on the shelf`
                            : `Add ${row.title} (${CONTENT_TYPE_LABELS[row.contentType]})`
                        }
                      >
                        {isOnShelf ? <Check aria-hidden /> : <Plus aria-hidden />}
                        {isOnShelf ? "Added" : "Add"}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </section>
      </div>
      {error ? (
        <p role="alert" className="mt-4 text-sm font-medium text-rose-600 dark:text-rose-400">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}

function Thumb({ item }: { item: Pick<ContentCard, "coverImage" | "title"> }) {
  return (
    <div className="aspect-[2/3] w-8 shrink-0 overflow-hidden rounded border border-border bg-muted">
      <CoverImage url={item.coverImage} title="" sizes="32px" className="size-full" />
    </div>
  );
}

function ShelfItemRow({
  item,
  index,
  count,
  onMove,
  onRemove,
}: {
  item: ContentCard;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const row = useSortableRow(item._id);
  return (
    <li
      ref={row.setNodeRef}
      style={row.style}
      className={`flex items-center gap-1.5 rounded-xl border border-border bg-card p-1.5 ${row.isDragging ? "shadow-lg" : ""}`}
      data-testid="shelf-item"
    >
      <DragHandle label={`Reorder ${item.title}`} handle={row.handle} />
      <span className="w-5 shrink-0 text-center text-xs text-muted-foreground tabular-nums">{index + 1}</span>
      <Thumb item={item} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{item.title}</span>
        {index >= SHELF_ITEM_LIMIT ? (
          // Drafts and other types ahead of it do not count, but the list does not say which are drafts.
          <span className="block truncate text-xs text-muted-foreground">
            Past the first {SHELF_ITEM_LIMIT}: may wait
          </span>
        ) : null}
      </span>
      <MoveButtons name={item.title} index={index} count={count} onMove={onMove} />
      <Button
        variant="ghost"
        size="icon"
        className="size-8!"
        aria-label={`Remove ${item.title}`}
        onClick={onRemove}
      >
        <X aria-hidden />
      </Button>
    </li>
  );
}
