// Write an announcement to everyone or to one role. It goes out in the background; the list
// beside it shows how far each has gone.
import type { AnnouncementAudience } from "@litverse/shared/notifications";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useSendAnnouncement } from "./use-announcements.ts";

export const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  everyone: "Everyone",
  user: "Readers",
  admin: "Administrators",
  superadmin: "Superadmins",
};
const AUDIENCES = Object.entries(AUDIENCE_LABELS).map(([value, label]) => ({
  value: value as AnnouncementAudience,
  label,
}));

export function AnnouncementForm() {
  const [audience, setAudience] = useState<AnnouncementAudience>("everyone");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [link, setLink] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { send, isPending } = useSendAnnouncement();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(
      { audience, title, body, link: link.trim() || null },
      {
        onSent: () => {
          setTitle("");
          setBody("");
          setLink("");
          setErrors({});
        },
        onFailed: (details) => setErrors({ ...details.fieldErrors, form: [details.message] }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="New announcement" noValidate>
      <Field label="Audience">
        <NativeSelect items={AUDIENCES} value={audience} onValueChange={setAudience} />
      </Field>
      <Field label="Title" required error={errors.title}>
        <Input value={title} onChange={(event) => setTitle(event.target.value)} maxLength={120} />
      </Field>
      <Field label="Message" error={errors.body}>
        <Textarea value={body} onChange={(event) => setBody(event.target.value)} maxLength={1000} rows={4} />
      </Field>
      <Field label="Link" hint="A page on Litverse, such as /explore. Optional." error={errors.link}>
        <Input
          value={link}
          onChange={(event) => setLink(event.target.value)}
          maxLength={500}
          placeholder="/"
        />
      </Field>
      {errors.form && !errors.title && !errors.body && !errors.link ? (
        <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {errors.form[0]}
        </p>
      ) : null}
      <Button type="submit" isLoading={isPending}>
        <Send aria-hidden />
        Send announcement
      </Button>
    </form>
  );
}
