// A person's role and standing as badges, the same in the list and on their page.
import type { UserRole } from "@litverse/shared/constants";
import {
  ACCOUNT_STATE_LABELS,
  type AccountState,
  type PersonListing,
} from "@litverse/shared/user-management";
import { ShieldCheck } from "lucide-react";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { Badge, type BadgeVariant } from "../../components/ui/badge.tsx";
import { displayName, ROLE_LABELS } from "./person-values.ts";

const ROLE_BADGES: Record<UserRole, BadgeVariant> = { user: "neutral", admin: "brand", superadmin: "brand" };
const STANDING_BADGES: Record<AccountState, BadgeVariant> = {
  active: "success",
  suspended: "warning",
  banned: "danger",
  deleted: "neutral",
};

export function RoleBadge({ role }: { role: UserRole }) {
  return (
    <Badge variant={ROLE_BADGES[role]}>
      {role === "superadmin" ? <ShieldCheck aria-hidden /> : null}
      {ROLE_LABELS[role]}
    </Badge>
  );
}

export function StandingBadge({ state }: { state: AccountState }) {
  return (
    <Badge variant={STANDING_BADGES[state]} data-testid="standing-badge">
      {ACCOUNT_STATE_LABELS[state]}
    </Badge>
  );
}

/** The avatar of a person found by the search (initials for a deleted account). */
export function ListingAvatar({ person, size = "sm" }: { person: PersonListing; size?: "sm" | "md" | "lg" }) {
  return (
    <PersonAvatar
      person={{
        _id: person.id,
        name: person.standing.state === "deleted" ? "?" : displayName(person).replace(/^@/, ""),
        avatarUrl: person.picture,
        lastSeenAt: person.lastSeenAt,
      }}
      size={size}
    />
  );
}
