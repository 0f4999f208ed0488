// Making a template or changing one: its name, what it is for, and a level per section. Changing a
// template changes what every admin holding it may do, at once.
import {
  ADMIN_SECTION_LABELS,
  ADMIN_SECTION_SCOPES,
  ADMIN_SECTIONS,
  type AdminRoleTemplate,
  type AdminSection,
  allSections,
  PERMISSION_LEVEL_LABELS,
  PERMISSION_LEVELS,
  type PermissionLevel,
} from "@litverse/shared/admin-permissions";
import { saveRoleTemplateInput } from "@litverse/shared/admin-permissions-inputs";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { LevelChoice } from "./level-choice.tsx";
import { grantedOnly, holdersLabel } from "./permission-values.ts";
import { useSaveRoleTemplate } from "./use-admin-permissions-admin.ts";

const LEVEL_OPTIONS = PERMISSION_LEVELS.map((level) => ({
  value: level,
  label: level === "none" ? "None" : PERMISSION_LEVEL_LABELS[level],
}));

export function TemplateDialog({
  template,
  onClose,
}: {
  /** The template to change; a new one without. */
  template?: AdminRoleTemplate;
  onClose: () => void;
}) {
  const [name, setName] = useState(template?.name ?? "");
  const [description, setDescription] = useState(template?.description ?? "");
  const [grants, setGrants] = useState<Record<AdminSection, PermissionLevel>>(() => ({
    ...allSections("none"),
    ...template?.grants,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, isPending } = useSaveRoleTemplate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = saveRoleTemplateInput.safeParse({
      ...(template ? { templateId: template._id } : {}),
      name,
      description,
      grants: grantedOnly(grants),
    });
    const found: FieldErrors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const key = typeof issue.path[0] === "string" ? issue.path[0] : "form";
      found[key] = [...(found[key] ?? []), issue.message];
    }
    // The shared schema lets an empty name through; a template without one could not be told apart.
    if (!name.trim()) found.name = ["Give the template a name."];
    if (!parsed.success || Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    await save(parsed.data, { onSaved: onClose, onFailed: setErrors });
  };

  const formId = template ? `template-form-${template._id}` : "template-form-new";
  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
      size="lg"
      title={template ? `Edit “${template.name}”` : "New template"}
      description={
        template && template.holders > 0
          ? `${holdersLabel(template.holders)} ${template.holders === 1 ? "holds" : "hold"} it: what you change applies to them at once.`
          : "A named set of levels to give admins; their own levels can still change single sections."
      }
      submitLabel={template ? "Save template" : "Create template"}
      isPending={isPending}
      isCancelDisabled={isPending}
      error={errors.form?.[0] ?? errors.grants?.[0] ?? errors.templateId?.[0]}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      <Field label="Name" required error={errors.name}>
        <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={60} />
      </Field>
      <Field label="Description" error={errors.description} hint="What the template is for, in a line.">
        <Textarea
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={2}
          maxLength={300}
        />
      </Field>
      <section aria-labelledby={`${formId}-levels`} className="space-y-3">
        <div>
          <h3 id={`${formId}-levels`} className="text-sm font-semibold">
            Level per section
          </h3>
          <p className="text-xs text-muted-foreground">
            View opens a section's pages; manage also lets them change what it holds. People's accounts stay
            with superadmins whatever is granted here.
          </p>
        </div>
        <ul className="divide-y divide-[var(--border)] rounded-xl border border-border">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section} className="px-3 py-2.5">
              <LevelChoice
                legend={ADMIN_SECTION_LABELS[section]}
                hint={ADMIN_SECTION_SCOPES[section]}
                options={LEVEL_OPTIONS}
                value={grants[section]}
                onChange={(level) => setGrants((current) => ({ ...current, [section]: level }))}
                disabled={isPending}
              />
            </li>
          ))}
        </ul>
      </section>
    </FormDialog>
  );
}
