// The templates: a card each with what it is for, how many admins hold it and its level per
// section; made, changed and deleted here. The server keeps the default template and any that
// someone holds, and says why.
import type { AdminRoleTemplate } from "@litverse/shared/admin-permissions";
import { Layers, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { GrantChips } from "./grant-chips.tsx";
import { adminGrants, holdersLabel } from "./permission-values.ts";
import { TemplateDialog } from "./template-dialog.tsx";
import { useDeleteRoleTemplate, useRoleTemplates } from "./use-admin-permissions-admin.ts";

const DEFAULT_KEY = "administrator";

export function TemplatesTab() {
  const templates = useRoleTemplates();
  const [isCreating, setIsCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = templates.data?.find((template) => template._id === editingId) ?? null;

  return (
    <section aria-labelledby="templates-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="templates-heading" className="text-lg font-semibold">
            Templates
          </h2>
          <p className="text-sm text-muted-foreground">
            Named sets of levels to give admins. Admins given none hold Administrator.
          </p>
        </div>
        <Button onClick={() => setIsCreating(true)}>
          <Plus aria-hidden />
          New template
        </Button>
      </div>
      {templates.isError ? (
        <ErrorState
          error={templates.error}
          title="Could not load the templates"
          onRetry={() => void templates.refetch()}
        />
      ) : !templates.data ? (
        <div role="status" aria-label="Loading templates" className="grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-40" />
          ))}
        </div>
      ) : templates.data.length === 0 ? (
        <EmptyState
          as="h3"
          icon={Layers}
          title="No templates"
          text="Make one to give admins a set of levels."
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Templates">
          {templates.data.map((template) => (
            <li key={template._id} className="flex">
              <TemplateCard template={template} onEdit={() => setEditingId(template._id)} />
            </li>
          ))}
        </ul>
      )}
      {isCreating ? <TemplateDialog onClose={() => setIsCreating(false)} /> : null}
      {editing ? (
        <TemplateDialog key={editing._id} template={editing} onClose={() => setEditingId(null)} />
      ) : null}
    </section>
  );
}

function TemplateCard({ template, onEdit }: { template: AdminRoleTemplate; onEdit: () => void }) {
  const remove = useDeleteRoleTemplate();
  const headingId = `template-${template._id}`;
  return (
    <Card aria-labelledby={headingId} className="flex w-full flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-semibold break-words">
              {template.name}
            </h3>
            {template.key === DEFAULT_KEY ? (
              <Badge variant="brand">Default</Badge>
            ) : template.key ? (
              <Badge>Built-in</Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">{holdersLabel(template.holders)}</p>
        </div>
      </div>
      {template.description ? <p className="text-sm">{template.description}</p> : null}
      <div className="flex-1">
        <GrantChips grants={adminGrants(template.grants, {})} label={`Levels of ${template.name}`} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${template.name}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Delete ${template.name}`}>
              <Trash2 aria-hidden />
              Delete
            </Button>
          }
          title={`Delete “${template.name}”?`}
          description="Admins keep what they hold now; a template someone holds, or the default one, cannot be deleted."
          confirmLabel="Delete template"
          onConfirm={() => remove(template._id, template.name)}
          errorFallback="Could not delete the template."
        />
      </div>
    </Card>
  );
}
