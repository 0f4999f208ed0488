// Every administrator, superadmins first: who they are, the template they hold and what they may
// do, with their own levels marked; "Edit" opens their permissions.
import type { AdminPermissionsEntry } from "@litverse/shared/admin-permissions";
import { Pencil, ShieldCheck, Users } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { GrantChips } from "./grant-chips.tsx";
import { PersonPermissionsDialog } from "./person-permissions-dialog.tsx";
import { useAdminPermissionsList, useRoleTemplates } from "./use-admin-permissions-admin.ts";

export function PeopleTab() {
  const people = useAdminPermissionsList();
  const templates = useRoleTemplates();
  const [editingId, setEditingId] = useState<string | null>(null);
  // The row as it is now: the list is live, and the dialog starts from what it says.
  const editing = people.data?.find((person) => person.userId === editingId) ?? null;

  return (
    <section aria-labelledby="people-heading" className="space-y-4">
      <div>
        <h2 id="people-heading" className="text-lg font-semibold">
          Administrators
        </h2>
        <p className="text-sm text-muted-foreground">
          Make someone an admin first (on the command line: users:set-role); here you choose what they may do.
        </p>
      </div>
      {people.isError || templates.isError ? (
        <ErrorState
          error={people.error ?? templates.error}
          title="Could not load the administrators"
          onRetry={() => {
            void people.refetch();
            void templates.refetch();
          }}
        />
      ) : !people.data || !templates.data ? (
        <div role="status" aria-label="Loading administrators" className="space-y-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-24 w-full" />
          ))}
        </div>
      ) : people.data.length === 0 ? (
        <EmptyState as="h3" icon={Users} title="No administrators" text="Admins and superadmins show here." />
      ) : (
        <ul className="space-y-3" aria-label="Administrators">
          {people.data.map((person) => (
            <li key={person.userId}>
              <PersonRow
                person={person}
                templateName={templates.data.find((template) => template._id === person.templateId)?.name}
                onEdit={() => setEditingId(person.userId)}
              />
            </li>
          ))}
        </ul>
      )}
      {editing && templates.data ? (
        <PersonPermissionsDialog
          key={editing.userId}
          person={editing}
          templates={templates.data}
          onClose={() => setEditingId(null)}
        />
      ) : null}
    </section>
  );
}

function PersonRow({
  person,
  templateName,
  onEdit,
}: {
  person: AdminPermissionsEntry;
  templateName: string | undefined;
  onEdit: () => void;
}) {
  const who = person.name ?? person.email ?? "Unnamed";
  const contact = [person.handle ? `@${person.handle}` : null, person.email].filter(Boolean).join(" · ");
  const isSuper = person.role === "superadmin";
  const hasOwnLevels = Object.keys(person.overrides).length > 0;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:gap-5">
      <div className="min-w-0 sm:w-64 sm:shrink-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words">{who}</h3>
          <Badge variant={isSuper ? "brand" : "neutral"}>{isSuper ? "Superadmin" : "Admin"}</Badge>
        </div>
        {contact ? <p className="text-sm break-words text-muted-foreground">{contact}</p> : null}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        {isSuper ? (
          <p className="flex items-center gap-1.5 text-sm font-medium">
            <ShieldCheck className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
            Everything (superadmin)
          </p>
        ) : (
          <>
            <p className="text-sm">
              <span className="text-muted-foreground">Template: </span>
              <span className="font-medium">{templateName ?? "No template"}</span>
              {hasOwnLevels ? (
                <span className="text-muted-foreground">, with levels of their own</span>
              ) : null}
            </p>
            <GrantChips grants={person.grants} overrides={person.overrides} label={`What ${who} may do`} />
          </>
        )}
      </div>
      {isSuper ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={onEdit}
          aria-label={`Edit permissions of ${who}`}
        >
          <Pencil aria-hidden />
          Edit
        </Button>
      )}
    </Card>
  );
}
