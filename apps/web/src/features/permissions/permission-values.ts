// What the permissions page works out from a template and a person's own levels: the effective
// level of each section, the short summary a row shows, and the holders count in words.
import {
  ADMIN_SECTION_LABELS,
  ADMIN_SECTIONS,
  type AdminSection,
  effectiveGrants,
  PERMISSION_LEVEL_LABELS,
  type PermissionLevel,
  type SectionGrants,
} from "@litverse/shared/admin-permissions";

/** One section in a summary: "Support · manage", marked when it is the person's own level. */
interface GrantChip {
  section: AdminSection;
  label: string;
  level: PermissionLevel;
  isOwn: boolean;
}

/**
 * The sections someone may see, in the admin area's order, and the sections whose level is their
 * own (an own "no access" shows too: it is what takes a template's section away).
 */
export function grantChips(
  grants: Record<AdminSection, PermissionLevel>,
  overrides: SectionGrants = {},
): GrantChip[] {
  return ADMIN_SECTIONS.flatMap((section) => {
    const level = grants[section];
    const isOwn = overrides[section] !== undefined;
    if (level === "none" && !isOwn) return [];
    return [
      {
        section,
        label: `${ADMIN_SECTION_LABELS[section]} · ${PERMISSION_LEVEL_LABELS[level].toLowerCase()}`,
        level,
        isOwn,
      },
    ];
  });
}

/** What an admin may do with this template and these levels of their own. */
export function adminGrants(
  template: SectionGrants | null,
  overrides: SectionGrants,
): Record<AdminSection, PermissionLevel> {
  return effectiveGrants("admin", template, overrides);
}

/** The overrides with one section set to a level, or back to the template's (`"template"`). */
export function withOverride(
  overrides: SectionGrants,
  section: AdminSection,
  choice: PermissionLevel | "template",
): SectionGrants {
  const next = { ...overrides };
  if (choice === "template") delete next[section];
  else next[section] = choice;
  return next;
}

/** A template's levels as saved: only the sections it opens (one left out has no access). */
export function grantedOnly(grants: SectionGrants): SectionGrants {
  return Object.fromEntries(
    ADMIN_SECTIONS.flatMap((section) => {
      const level = grants[section];
      return level && level !== "none" ? [[section, level]] : [];
    }),
  ) as SectionGrants;
}

/** "No admins", "1 admin", "3 admins". */
export function holdersLabel(holders: number): string {
  if (holders === 0) return "No admins";
  return holders === 1 ? "1 admin" : `${holders} admins`;
}
