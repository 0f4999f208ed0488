// Creating a home shelf, or changing one: its kind, heading, description and which titles it may hold.
import {
  type AdminCuratedList,
  CONTENT_TYPES,
  CURATED_LIST_TYPES,
  type CuratedListContentType,
  type CuratedListType,
  isComputedListType,
} from "@litverse/shared/content";
import { createCuratedListInput, updateCuratedListInput } from "@litverse/shared/content-inputs";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { dataFieldErrors, type FieldErrors } from "../../lib/form-errors.ts";
import { shelfTitle } from "../home/index.ts";
import { COMPUTED_LIST_EXPLANATIONS, CONTENT_TYPE_PLURALS, LIST_TYPE_LABELS } from "./labels.ts";
import { useSaveShelf } from "./use-shelves.ts";

const LIST_TYPE_ITEMS = CURATED_LIST_TYPES.map((type) => ({
  value: type,
  label: `${LIST_TYPE_LABELS[type]} (${isComputedListType(type) ? "automatic" : "hand-picked"})`,
}));
const CONTENT_TYPE_ITEMS = (["all", ...CONTENT_TYPES] as const).map((type) => ({
  value: type,
  label: CONTENT_TYPE_PLURALS[type],
}));

export function ShelfDialog({
  open,
  onOpenChange,
  list,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The shelf to change; a new one without. */
  list?: AdminCuratedList;
  onCreated?: (id: string) => void;
}) {
  const [listType, setListType] = useState<CuratedListType>(list?.listType ?? "custom");
  const [customName, setCustomName] = useState(list?.customName ?? "");
  const [description, setDescription] = useState(list?.description ?? "");
  const [contentType, setContentType] = useState<CuratedListContentType>(list?.contentType ?? "all");
  const [isActive, setIsActive] = useState(list?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { createShelf, updateShelf, isPending } = useSaveShelf();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      listType,
      customName: customName.trim() || null,
      description: description.trim() || null,
      contentType,
    };
    if (list) {
      const changed = Object.fromEntries(
        Object.entries(fields).filter(([key, value]) => list[key as keyof typeof fields] !== value),
      );
      if (Object.keys(changed).length === 0) {
        onOpenChange(false);
        return;
      }
      const parsed = updateCuratedListInput.safeParse({ id: list._id, data: changed });
      if (!parsed.success) return setErrors(dataFieldErrors(parsed.error));
      setErrors({});
      await updateShelf(parsed.data, { onSaved: () => onOpenChange(false), onFailed: setErrors });
    } else {
      const parsed = createCuratedListInput.safeParse({ data: { ...fields, isActive } });
      if (!parsed.success) return setErrors(dataFieldErrors(parsed.error));
      setErrors({});
      await createShelf({ ...fields, isActive }, shelfTitle(fields), {
        onCreated: (id) => {
          onCreated?.(id);
          onOpenChange(false);
        },
        onFailed: setErrors,
      });
    }
  };

  const isComputed = isComputedListType(listType);
  const formId = list ? `shelf-form-${list._id}` : "shelf-form-new";
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={list ? `Edit “${shelfTitle(list)}”` : "New shelf"}
      description={list ? undefined : "Shelves show on the home page in the order of this page."}
      submitLabel={list ? "Save shelf" : "Create shelf"}
      isPending={isPending}
      error={errors.form?.[0]}
      form={{ id: formId, className: "space-y-4", onSubmit: submit }}
    >
      <Field
        label="Kind"
        error={errors.listType}
        hint={
          isComputed
            ? `Automatic: ${COMPUTED_LIST_EXPLANATIONS[listType] ?? ""}`
            : "Hand-picked: you choose the titles and their order."
        }
      >
        <Select<CuratedListType> items={LIST_TYPE_ITEMS} value={listType} onValueChange={setListType} />
      </Field>
      <Field
        label="Name"
        required={listType === "custom"}
        error={errors.customName}
        hint={
          listType === "custom"
            ? "The shelf's heading on home."
            : `Leave empty for “${shelfTitle({ listType, customName: null })}”.`
        }
      >
        <Input value={customName} onChange={(event) => setCustomName(event.target.value)} maxLength={80} />
      </Field>
      <Field label="Description" error={errors.description} hint="A line under the heading; optional.">
        <Textarea
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={300}
          rows={2}
        />
      </Field>
      <Field label="Titles of type" error={errors.contentType} hint="Other types are left off the shelf.">
        <Select<CuratedListContentType>
          items={CONTENT_TYPE_ITEMS}
          value={contentType}
          onValueChange={setContentType}
        />
      </Field>
      {list ? null : (
        <Switch
          label="Show on home"
          description="Off: the shelf waits here until you switch it on."
          checked={isActive}
          onCheckedChange={setIsActive}
        />
      )}
    </FormDialog>
  );
}
