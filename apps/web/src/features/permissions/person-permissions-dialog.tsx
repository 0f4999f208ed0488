// One administrator's permissions: the template they hold, and for each section either the
// template's level or one of their own. What they may then do shows beside each choice as it
// changes, before anything is saved.
import {
  ADMIN_SECTION_LABELS,
  ADMIN_SECTION_SCOPES,
  ADMIN_SECTIONS,
  type AdminPermissionsEntry,
  type AdminRoleTemplate,
  PERMISSION_LEVEL_LABELS,
  PERMISSION_LEVELS,
  type PermissionLevel,
  type SectionGrants,
} from "@litverse/shared/admin-permissions";
import { type FormEvent, useId, useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { adminGrants, withOverride } from "./permission-values.ts";
import { useSetAdminPermissions } from "./use-admin-permissions-admin.ts";

type Choice = PermissionLevel | "template";
const NO_TEMPLATE = "";
const EFFECTIVE_BADGES = { manage: "success", view: "neutral", none: "danger" } as const;

export function PersonPermissionsDialog({
  person,
  templates,
  onClose,
}: {
  person: AdminPermissionsEntry;
  templates: AdminRoleTemplate[];
  onClose: () => void;
}) {
  const baseId = useId();
  const [templateId, setTemplateId] = useState(person.templateId ?? NO_TEMPLATE);
  const [overrides, setOverrides] = useState<SectionGrants>(person.overrides);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, isPending } = useSetAdminPermissions();
  const who = person.name ?? person.email ?? "this admin";
  const template = templates.find((candidate) => candidate._id === templateId) ?? null;
  const grants = adminGrants(template?.grants ?? null, overrides);

  const templateItems = [
    ...templates.map((candidate) => ({ value: candidate._id, label: candidate.name })),
    { value: NO_TEMPLATE, label: "No template" },
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    await save({ userId: person.userId, templateId: templateId || null, overrides }, who, {
      onSaved: onClose,
      onFailed: setErrors,
    });
  };

  const formId = `person-form-${person.userId}`;
  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
      size="lg"
      title={`Permissions of ${who}`}
      description="A template gives a set of levels; a section's own level replaces the template's for that section."
      submitLabel="Save permissions"
      isPending={isPending}
      isCancelDisabled={isPending}
      error={errors.form?.[0] ?? errors.overrides?.[0] ?? errors.userId?.[0]}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      <Field
        label="Template"
        error={errors.templateId}
        hint={template ? template.description || undefined : "Only the levels of their own below."}
      >
        <NativeSelect items={templateItems} value={templateId} onValueChange={setTemplateId} />
      </Field>
      <p className="rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
        People's accounts stay with superadmins whatever is granted here: an admin never manages other
        people's roles.
      </p>
      <section aria-labelledby={`${baseId}-levels`} className="space-y-2">
        <h3 id={`${baseId}-levels`} className="text-sm font-semibold">
          Level per section
        </h3>
        <ul className="divide-y divide-[var(--border)] rounded-xl border border-border">
          {ADMIN_SECTIONS.map((section) => {
            const selectId = `${baseId}-${section}`;
            const own = overrides[section];
            const fromTemplate = PERMISSION_LEVEL_LABELS[template?.grants[section] ?? "none"];
            const items: Array<{ value: Choice; label: string }> = [
              { value: "template", label: `As template (${fromTemplate})` },
              ...PERMISSION_LEVELS.map((level) => ({
                value: level,
                label: level === "none" ? "None" : PERMISSION_LEVEL_LABELS[level],
              })),
            ];
            return (
              <li
                key={section}
                className="grid gap-2 px-3 py-2.5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
              >
                <div className="min-w-0">
                  <label htmlFor={selectId} className="text-sm font-medium">
                    {ADMIN_SECTION_LABELS[section]}
                  </label>
                  <p id={`${selectId}-scope`} className="text-xs text-muted-foreground">
                    {ADMIN_SECTION_SCOPES[section]}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <NativeSelect<Choice>
                    id={selectId}
                    size="sm"
                    className="sm:w-56"
                    items={items}
                    value={own ?? "template"}
                    onValueChange={(choice) =>
                      setOverrides((current) => withOverride(current, section, choice))
                    }
                    aria-describedby={`${selectId}-scope ${selectId}-effective`}
                    disabled={isPending}
                  />
                  <span id={`${selectId}-effective`} className="w-20 shrink-0 text-right">
                    <span className="sr-only">Result: </span>
                    <Badge variant={EFFECTIVE_BADGES[grants[section]]} data-testid={`effective-${section}`}>
                      {PERMISSION_LEVEL_LABELS[grants[section]]}
                    </Badge>
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </FormDialog>
  );
}
