// Reordering by drag and drop (dnd-kit): a handle to grab with the pointer, or to focus and move
// with Space, the arrow keys and Space again; screen readers hear what moved where, by name.
// Up/down buttons beside each row do the same in one step.
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { type CSSProperties, type ReactNode, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";

/** Rows move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export { arrayMove };

export function SortableList({
  ids,
  nameOf,
  onMove,
  children,
}: {
  ids: readonly string[];
  /** How screen readers hear an item ("Episode 3, The Storm"). */
  nameOf: (id: string) => string;
  /** The item at `from` now goes to `to` (indexes in `ids`). */
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The announcements live next to the list, not at the end of the page: inside a modal dialog,
  // everything outside it is hidden from screen readers.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(String(active.id))}, position ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(String(active.id))} is over position ${position(over.id)} of ${ids.length}.` : "",
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(String(active.id))} dropped at position ${position(over.id)} of ${ids.length}.`
        : `${nameOf(String(active.id))} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(String(active.id))} cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{
        container: container ?? undefined,
        announcements,
        screenReaderInstructions: {
          draggable:
            "To reorder, press Space to pick up, the arrow keys to move, Space to drop, or Escape to cancel.",
        },
      }}
    >
      <SortableContext items={ids as string[]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
      <div ref={setContainer} />
    </DndContext>
  );
}

/** For a row of a SortableList: its ref, its moving style, and the props of its handle. */
export function useSortableRow(id: string) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: "relative",
    zIndex: isDragging ? 20 : undefined,
  };
  return { setNodeRef, style, isDragging, handle: { attributes, listeners, ref: setActivatorNodeRef } };
}

export function DragHandle({
  label,
  handle,
  disabled,
}: {
  label: string;
  handle: ReturnType<typeof useSortableRow>["handle"];
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      ref={handle.ref}
      {...handle.attributes}
      {...handle.listeners}
      disabled={disabled}
      aria-label={label}
      className={cn(
        "inline-flex size-9 shrink-0 touch-none items-center justify-center rounded-lg text-muted-foreground transition",
        "cursor-grab hover:bg-muted hover:text-foreground active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-40",
      )}
    >
      <GripVertical className="size-4" aria-hidden />
    </button>
  );
}

/** The one-step alternative to dragging. */
export function MoveButtons({
  name,
  index,
  count,
  onMove,
  disabled,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
}) {
  return (
    <span className="inline-flex">
      <Button
        variant="ghost"
        size="icon"
        className="size-8!"
        aria-label={`Move ${name} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8!"
        aria-label={`Move ${name} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown aria-hidden />
      </Button>
    </span>
  );
}
