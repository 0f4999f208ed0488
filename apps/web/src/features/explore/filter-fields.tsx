// The filter panel's fields: genre, release status, access and age rating. The same fields sit in
// the sidebar on wide screens and in a sheet on phones; each change applies at once.
import { AGE_CHOICES, type Age } from "@litverse/shared/constants";
import {
  ACCESS_TYPES,
  type AccessType,
  RELEASE_STATUSES,
  type ReleaseStatus,
} from "@litverse/shared/content";
import type { ExploreFilters } from "@litverse/shared/explore-filters";
import { ACCESS_LABELS, genreLabel, RELEASE_STATUS_LABELS } from "../../components/catalogue/labels.ts";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import type { SelectItem } from "../../components/ui/select-types.ts";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { useGenreCounts } from "./use-explore.ts";

/** "any" stands for "not filtered". */
const ANY = "any";

const STATUS_ITEMS: SelectItem[] = [
  { value: ANY, label: "Any status" },
  ...RELEASE_STATUSES.map((status) => ({ value: status, label: RELEASE_STATUS_LABELS[status] })),
];
const ACCESS_ITEMS: SelectItem[] = [
  { value: ANY, label: "Any access" },
  ...ACCESS_TYPES.map((access) => ({ value: access, label: ACCESS_LABELS[access] })),
];

export function FilterFields({
  filters,
  onChange,
  idPrefix,
}: {
  filters: ExploreFilters;
  onChange: (change: Partial<ExploreFilters>) => void;
  /** Keeps ids apart when the sidebar and the sheet both render the fields. */
  idPrefix: string;
}) {
  const genres = useGenreCounts(filters.type);
  const me = useCurrentUser();
  // Ratings above the reader's age never match anything they may see.
  const maxAge: Age = me.data?.age ?? 13;

  const genreItems: SelectItem[] = [
    { value: ANY, label: genres.isError ? "Any genre (list unavailable)" : "Any genre" },
    ...(genres.data ?? []).map(({ genre, count }) => ({
      value: genre,
      label: `${genreLabel(genre)} (${count})`,
    })),
  ];
  // A genre from a link that this type does not have still shows as chosen.
  if (filters.genre && !genreItems.some((item) => item.value === filters.genre)) {
    genreItems.push({ value: filters.genre, label: genreLabel(filters.genre) });
  }
  const ageItems: SelectItem[] = [
    { value: ANY, label: "Any age rating" },
    ...AGE_CHOICES.filter((age) => age <= maxAge).map((age) => ({ value: String(age), label: `${age}+` })),
  ];

  return (
    <div className="flex flex-col gap-4">
      <Field label="Genre" id={`${idPrefix}-genre`}>
        <NativeSelect
          items={genreItems}
          value={filters.genre ?? ANY}
          onValueChange={(value) => onChange({ genre: value === ANY ? null : value })}
        />
      </Field>
      <Field label="Release status" id={`${idPrefix}-status`}>
        <NativeSelect
          items={STATUS_ITEMS}
          value={filters.releaseStatus ?? ANY}
          onValueChange={(value) =>
            onChange({ releaseStatus: value === ANY ? null : (value as ReleaseStatus) })
          }
        />
      </Field>
      <Field label="Access" id={`${idPrefix}-access`}>
        <NativeSelect
          items={ACCESS_ITEMS}
          value={filters.accessType ?? ANY}
          onValueChange={(value) => onChange({ accessType: value === ANY ? null : (value as AccessType) })}
        />
      </Field>
      <Field label="Age rating" id={`${idPrefix}-age`}>
        <NativeSelect
          items={ageItems}
          value={filters.ageRating ? String(filters.ageRating) : ANY}
          onValueChange={(value) => onChange({ ageRating: value === ANY ? null : (Number(value) as Age) })}
        />
      </Field>
    </div>
  );
}

/** The chosen panel filters as short labels, for the removable chips above the results. */
export function activeFilterChips(
  filters: ExploreFilters,
): Array<{ key: keyof ExploreFilters; label: string; clear: Partial<ExploreFilters> }> {
  const chips: Array<{ key: keyof ExploreFilters; label: string; clear: Partial<ExploreFilters> }> = [];
  if (filters.genre) chips.push({ key: "genre", label: genreLabel(filters.genre), clear: { genre: null } });
  if (filters.releaseStatus) {
    chips.push({
      key: "releaseStatus",
      label: RELEASE_STATUS_LABELS[filters.releaseStatus],
      clear: { releaseStatus: null },
    });
  }
  if (filters.accessType) {
    chips.push({ key: "accessType", label: ACCESS_LABELS[filters.accessType], clear: { accessType: null } });
  }
  if (filters.ageRating) {
    chips.push({ key: "ageRating", label: `Rated ${filters.ageRating}+`, clear: { ageRating: null } });
  }
  return chips;
}
