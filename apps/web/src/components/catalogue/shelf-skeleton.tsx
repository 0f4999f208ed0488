import { SHELF_ITEM_LIMIT } from "@litverse/shared/content";
import { SHELF_GRID_CLASS } from "./shelf-grid.ts";

const CARD_KEYS = Array.from({ length: SHELF_ITEM_LIMIT }, (_, index) => `card-${index}`);

/** Two shelves of placeholder cards, while the curated lists load. */
export function ShelfSkeletonRows() {
  return (
    <>
      {[0, 1].map((shelf) => (
        <div key={shelf} className="animate-pulse space-y-3" data-testid="shelf-skeleton">
          <div className="h-6 w-48 rounded bg-muted" />
          <div className={SHELF_GRID_CLASS}>
            {CARD_KEYS.map((key) => (
              <div key={key} className="aspect-[2/3] rounded-xl bg-muted" />
            ))}
          </div>
        </div>
      ))}
    </>
  );
}
