// /report-illegal-content: a notice of illegal content, from anyone, signed in or not: the exact
// address of the content, why it is illegal and under which law, who sends it, and their statement
// of good faith. Once sent, its reference and the page that follows it.
import { NOTICE_EXPLANATION_MAX_LENGTH, noticeInput } from "@litverse/shared/moderation-inputs";
import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { describeError } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { focusFirstInvalid } from "./focus-first-invalid.ts";
import { type NoticeInput, useSubmitNotice } from "./use-notice.ts";

export const GOOD_FAITH_STATEMENT =
  "I believe in good faith that the information in this notice is accurate and complete.";

export const receiptPath = (reference: string) => `/report-illegal-content/${encodeURIComponent(reference)}`;

export function NoticePage() {
  useDocumentTitle("Report illegal content");
  const [sent, setSent] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title="Report illegal content"
        description="Tell us about content on Litverse that you believe is illegal. We look at every notice, decide, and tell you what we decided. You do not need an account."
      />
      {sent ? <NoticeSent reference={sent} /> : <NoticeForm onSent={setSent} />}
    </>
  );
}

function NoticeSent({ reference }: { reference: string }) {
  return (
    <Card>
      <CardContent className="space-y-3">
        <p className="flex items-center gap-2 text-lg font-semibold" role="status">
          <CheckCircle2 className="size-5 text-emerald-600" aria-hidden />
          Notice received
        </p>
        <p className="text-sm">
          Your reference is{" "}
          <code
            className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all"
            data-testid="notice-reference"
          >
            {reference}
          </code>
          . Keep it: with it you can follow what becomes of your notice.
        </p>
        <Button asChild variant="secondary">
          <Link to={receiptPath(reference)}>Follow your notice</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

type Draft = Omit<NoticeInput, "goodFaith"> & { goodFaith: boolean };

function NoticeForm({ onSent }: { onSent: (reference: string) => void }) {
  const [params] = useSearchParams();
  const formId = useId();
  const { submit, isSubmitting } = useSubmitNotice();
  const [draft, setDraft] = useState<Draft>(() => ({
    url: params.get("url") ?? "",
    explanation: "",
    legalGround: "",
    name: "",
    email: "",
    goodFaith: false,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = noticeInput.safeParse(draft);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const key = typeof issue.path[0] === "string" ? issue.path[0] : "form";
        if (!found[key]) found[key] = [issue.message];
      }
      setErrors(found);
      focusFirstInvalid(formId);
      return;
    }
    setErrors({});
    try {
      onSent(await submit(checked.data));
    } catch (error) {
      const details = describeError(error, "Could not send the notice.");
      setErrors(details.fieldErrors);
      setFormError(details.message);
      focusFirstInvalid(formId);
    }
  };

  return (
    <Card>
      <CardContent>
        <form
          id={formId}
          onSubmit={(event) => void send(event)}
          noValidate
          className="space-y-5"
          aria-label="Notice"
        >
          <Field
            label="Exact address of the content"
            required
            error={errors.url}
            hint="Open the content on Litverse and copy the address from the browser, starting with https://"
          >
            <Input
              type="url"
              inputMode="url"
              autoComplete="off"
              value={draft.url}
              maxLength={2000}
              onChange={(event) => set("url", event.target.value)}
            />
          </Field>
          <Field
            label="Why is it illegal?"
            required
            error={errors.explanation}
            hint="What the content shows or says, and why that breaks the law."
          >
            <Textarea
              value={draft.explanation}
              rows={6}
              maxLength={NOTICE_EXPLANATION_MAX_LENGTH}
              onChange={(event) => set("explanation", event.target.value)}
            />
          </Field>
          <Field
            label="Law or legal ground"
            required
            error={errors.legalGround}
            hint="The law, and the country, it breaks: “Copyright, Designs and Patents Act 1988 (UK)”."
          >
            <Input
              value={draft.legalGround}
              maxLength={300}
              onChange={(event) => set("legalGround", event.target.value)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Your name" required error={errors.name}>
              <Input
                autoComplete="name"
                value={draft.name}
                maxLength={200}
                onChange={(event) => set("name", event.target.value)}
              />
            </Field>
            <Field label="Your email" required error={errors.email}>
              <Input
                type="email"
                autoComplete="email"
                value={draft.email}
                maxLength={320}
                onChange={(event) => set("email", event.target.value)}
              />
            </Field>
          </div>
          <div className="space-y-1">
            <Checkbox
              checked={draft.goodFaith}
              onCheckedChange={(checked) => set("goodFaith", checked === true)}
              label={GOOD_FAITH_STATEMENT}
              aria-invalid={errors.goodFaith ? true : undefined}
              aria-describedby={errors.goodFaith ? "good-faith-error" : undefined}
            />
            {errors.goodFaith ? (
              <p
                id="good-faith-error"
                className="pl-7.5 text-xs font-medium text-rose-600 dark:text-rose-400"
              >
                {errors.goodFaith[0]}
              </p>
            ) : null}
          </div>
          {formError ? (
            <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
              {formError}
            </p>
          ) : null}
          <Button type="submit" isLoading={isSubmitting}>
            Send notice
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
