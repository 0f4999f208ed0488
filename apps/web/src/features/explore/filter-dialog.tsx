// The explore filters in a sheet, for screens too narrow for the side panel.

import { activePanelFilters, type ExploreFilters } from "@litverse/shared/explore-filters";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../components/ui/dialog.tsx";
import { FilterFields } from "./filter-fields.tsx";

export function FilterDialog({
  open,
  onOpenChange,
  filters,
  onChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: ExploreFilters;
  onChange: (change: Partial<ExploreFilters>) => void;
}) {
  const count = activePanelFilters(filters);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Filters"
        description="Narrow the titles down; each choice applies at once."
        size="sm"
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() =>
                onChange({ genre: null, releaseStatus: null, accessType: null, ageRating: null })
              }
              disabled={count === 0}
            >
              Clear filters
            </Button>
            <DialogClose asChild>
              <Button>Show results</Button>
            </DialogClose>
          </>
        }
      >
        <FilterFields filters={filters} onChange={onChange} idPrefix="sheet" />
      </DialogContent>
    </Dialog>
  );
}
