// Who the person is and where their account stands: role (with their permissions, for the team),
// standing (until when, why, whether their content is hidden), how they sign in, when they joined
// and were last seen, their age.

import { SIGN_IN_KIND_LABELS } from "@litverse/shared/user-management";
import { isAdminRole } from "@litverse/shared/users";
import { EyeOff } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime, formatRelativeDate } from "../../lib/format.ts";
import { RoleBadge, StandingBadge } from "./person-badges.tsx";
import { ageText, isRestricted, untilText } from "./person-values.ts";
import { SectionCard } from "./section-card.tsx";
import type { PersonRecordSent } from "./use-person.ts";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-3 py-2 first:pt-0 last:pb-0">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function When({ at }: { at: string | null }) {
  if (!at) return <span className="text-muted-foreground">Not known</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatDateTime(at)}
      <span className="text-muted-foreground"> ({formatRelativeDate(at)})</span>
    </time>
  );
}

export function AccountDetails({ record }: { record: PersonRecordSent }) {
  const { listing, signInKind, age } = record;
  const { standing } = listing;
  const restricted = isRestricted(standing.state);
  return (
    <SectionCard title="Account">
      <dl className="divide-y divide-[var(--border)]">
        <Row term="Standing">
          <span className="flex flex-wrap items-center gap-1.5">
            <StandingBadge state={standing.state} />
            {untilText(standing) ? <span>{untilText(standing)}</span> : null}
          </span>
          {restricted && standing.reason ? (
            <span className="mt-1 block">
              <span className="text-muted-foreground">Reason: </span>
              {standing.reason}
            </span>
          ) : null}
          {restricted && standing.contentHidden ? (
            <span className="mt-1 flex items-center gap-1.5 text-muted-foreground">
              <EyeOff className="size-3.5 shrink-0" aria-hidden />
              Content hidden
            </span>
          ) : null}
        </Row>
        <Row term="Role">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <RoleBadge role={listing.role} />
            {isAdminRole(listing.role) ? (
              <Link
                to="/admin/admin-permissions"
                className="text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
              >
                Permissions…
              </Link>
            ) : null}
          </span>
        </Row>
        <Row term="Email">{listing.email ?? <span className="text-muted-foreground">None</span>}</Row>
        <Row term="Handle">
          {listing.handle ? `@${listing.handle}` : <span className="text-muted-foreground">None</span>}
        </Row>
        <Row term="Sign-in">{SIGN_IN_KIND_LABELS[signInKind]}</Row>
        <Row term="Joined">
          <When at={listing.joinedAt} />
        </Row>
        <Row term="Last seen">
          <When at={listing.lastSeenAt} />
        </Row>
        <Row term="Age">{ageText(age)}</Row>
      </dl>
    </SectionCard>
  );
}
