// A compact summary of what someone may do: a chip per section they may see, their own levels
// marked as such, or "No access" when there is none.
import type { AdminSection, PermissionLevel, SectionGrants } from "@litverse/shared/admin-permissions";
import { Badge, type BadgeVariant } from "../../components/ui/badge.tsx";
import { grantChips } from "./permission-values.ts";

const LEVEL_BADGES: Record<PermissionLevel, BadgeVariant> = {
  manage: "success",
  view: "neutral",
  none: "danger",
};

export function GrantChips({
  grants,
  overrides,
  label,
}: {
  grants: Record<AdminSection, PermissionLevel>;
  overrides?: SectionGrants;
  /** Names the list for screen readers: "What Ada may do". */
  label: string;
}) {
  const chips = grantChips(grants, overrides);
  if (chips.length === 0) return <span className="text-sm text-muted-foreground">No access</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {chips.map((chip) => (
        <li key={chip.section}>
          <Badge
            variant={LEVEL_BADGES[chip.level]}
            className={chip.isOwn ? "ring-1 ring-brand-500 ring-inset dark:ring-brand-400" : undefined}
          >
            {chip.label}
            {chip.isOwn ? <span className="font-normal"> (own)</span> : null}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
