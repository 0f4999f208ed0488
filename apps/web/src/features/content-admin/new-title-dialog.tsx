// A new, empty title: its kind, name and author; the editor opens on it for the rest.
import { CONTENT_TYPES, type ContentType } from "@litverse/shared/content";
import { createContentInput } from "@litverse/shared/content-inputs";
import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { dataFieldErrors, type FieldErrors } from "../../lib/form-errors.ts";
import { editorPath } from "./imports-panel.tsx";
import { CONTENT_TYPE_LABELS, selectItems } from "./labels.ts";
import { useCreateTitle } from "./use-title.ts";

export function NewTitleDialog() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [contentType, setContentType] = useState<ContentType>("book");
  const [title, setTitle] = useState("");
  const [author, setAuthor] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { create, isPending } = useCreateTitle();

  const reset = () => {
    setContentType("book");
    setTitle("");
    setAuthor("");
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createContentInput.safeParse({ data: { contentType, title, author } });
    if (!parsed.success) {
      setErrors(dataFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await create(
      { contentType, title, author },
      {
        onCreated: (id) => {
          setOpen(false);
          reset();
          navigate(editorPath(id));
        },
        onFailed: setErrors,
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        setOpen(next);
      }}
      trigger={
        <Button>
          <Plus aria-hidden />
          New title
        </Button>
      }
      title="New title"
      description="It starts as a draft with no episodes; add them by importing files."
      submitLabel="Create title"
      // Cancel keeps what was typed for the next opening; Escape and the close button clear it.
      onCancel={() => setOpen(false)}
      isPending={isPending}
      error={errors.form?.[0]}
      form={{ id: "new-title-form", className: "space-y-4", onSubmit: submit }}
    >
      <Field label="Type" error={errors.contentType}>
        <Select<ContentType>
          items={selectItems(CONTENT_TYPES, CONTENT_TYPE_LABELS)}
          value={contentType}
          onValueChange={setContentType}
        />
      </Field>
      <Field label="Title" required error={errors.title}>
        <Input value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} autoFocus />
      </Field>
      <Field label="Author" required error={errors.author}>
        <Input value={author} onChange={(event) => setAuthor(event.target.value)} maxLength={200} />
      </Field>
    </FormDialog>
  );
}
