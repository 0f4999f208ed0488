// The composer: subject, preview line, blocks and audience on the left, the message as it will
// arrive on the right (below on phones), and what can be done with the issue in its state. It
// checks itself with the shared schema before saving; a picture is uploaded as soon as it is
// chosen and the draft saved at once, so that the server keeps it. Sent issues are read-only, with
// their report.
import {
  NEWSLETTER_PREHEADER_MAX_LENGTH,
  NEWSLETTER_SUBJECT_MAX_LENGTH,
  type NewsletterBlockType,
  type NewsletterIssue,
} from "@litverse/shared/mail";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Badge } from "../../../components/ui/badge.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useAccessToken } from "../../../lib/auth/use-access-token.ts";
import { describeError, INVALID_INPUT_MESSAGE } from "../../../lib/errors.ts";
import { toast } from "../../../lib/toast.ts";
import { UploadError, uploadFiles } from "../../../lib/uploads.ts";
import { useLeaveWarning } from "../../../lib/use-leave-warning.ts";
import { hasReport, isEditable, issueTimeLine, STATUS_BADGES, sentLine } from "../issue-status.ts";
import { IssueReport } from "../report/issue-report.tsx";
import { useCanManageNewsletter, useSaveIssue } from "../use-newsletter.ts";
import { AudienceSection } from "./audience-section.tsx";
import { BackToIssues } from "./back-to-issues.tsx";
import { BlockList } from "./block-list.tsx";
import {
  type BlockValue,
  type ComposerValues,
  checkedSegment,
  emptyValues,
  type FormErrors,
  moveBlock,
  newBlock,
  previewInputOf,
  type SegmentValues,
  saveInputOf,
  testInputOf,
  valuesOfIssue,
  withSavedPictures,
} from "./composer-values.ts";
import { ComposerActions } from "./issue-actions.tsx";
import { PreviewPane } from "./preview-pane.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { useSendTest } from "./use-composer-queries.ts";

/** What a save would store, to tell whether anything changed since the last one. */
function contentKey(values: ComposerValues): string {
  const checked = saveInputOf(values);
  return checked.ok
    ? JSON.stringify(checked.input)
    : JSON.stringify(values, (key, value) =>
        key === "key" || key === "localUrl" || key === "title" ? undefined : value,
      );
}

export function ComposerForm({
  issue,
  timeZone,
  onCreated,
}: {
  /** Null for a new issue, until its first save. */
  issue: NewsletterIssue | null;
  timeZone: string;
  onCreated: (issueId: string) => void;
}) {
  const formId = useId();
  const navigate = useNavigate();
  const canManage = useCanManageNewsletter();
  const accessToken = useAccessToken();
  const { save, isSaving } = useSaveIssue();
  const sendTest = useSendTest();
  const [initial] = useState<ComposerValues>(() => (issue ? valuesOfIssue(issue) : emptyValues()));
  const [values, setValues] = useState(initial);
  // What was last saved (for a new issue, the empty form: nothing to lose yet).
  const [saved, setSaved] = useState(() => contentKey(initial));
  const [errors, setErrors] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const [isScheduling, setIsScheduling] = useState(false);
  const [saveRequest, setSaveRequest] = useState(0);
  const objectUrls = useRef<string[]>([]);
  const issueId = issue?._id ?? null;
  const status = issue?.status ?? "draft";
  const isReadOnly = !canManage || !isEditable(status);
  const isDirty = !isReadOnly && contentKey(values) !== saved;
  const preview = useMemo(() => previewInputOf(values), [values]);
  useLeaveWarning(isDirty || uploading.size > 0);

  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const refuse = (found: FormErrors, text = INVALID_INPUT_MESSAGE) => {
    setErrors(found);
    setMessage(text);
    requestAnimationFrame(() =>
      document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  };

  /** Saves the issue as it stands; the stored issue, or null when it was refused (and says why). */
  const saveNow = async (): Promise<NewsletterIssue | null> => {
    const checked = saveInputOf(values, issueId ?? undefined);
    if (!checked.ok) {
      refuse(checked.errors);
      return null;
    }
    const sent = values;
    try {
      const stored = await save(checked.input);
      const withPictures = { ...sent, blocks: withSavedPictures(sent.blocks, sent.blocks, stored.blocks) };
      setValues((current) => ({
        ...current,
        blocks: withSavedPictures(current.blocks, sent.blocks, stored.blocks),
      }));
      setSaved(contentKey(withPictures));
      setErrors({});
      setMessage(null);
      if (!issueId) onCreated(stored._id);
      return stored;
    } catch (error) {
      const details = describeError(error, "Could not save the issue.");
      refuse(details.fieldErrors, details.message);
      return null;
    }
  };

  // A picture just uploaded is kept by saving the draft at once (with the values it is now in).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a save is asked for
  useEffect(() => {
    if (saveRequest === 0) return;
    void saveNow().then((stored) => stored && toast.success("Picture saved with the draft."));
  }, [saveRequest]);

  const change = (next: Partial<ComposerValues>) => setValues((current) => ({ ...current, ...next }));
  const changeBlock = (key: string, next: Partial<BlockValue>) =>
    setValues((current) => ({
      ...current,
      blocks: current.blocks.map((block) =>
        block.key === key ? ({ ...block, ...next } as BlockValue) : block,
      ),
    }));
  const changeSegment = (next: Partial<SegmentValues>) =>
    setValues((current) => ({ ...current, segment: { ...current.segment, ...next } }));
  // Messages point at blocks by place: once blocks move, they are out of date.
  const restructure = (blocks: BlockValue[]) => {
    setErrors({});
    change({ blocks });
  };

  const choosePicture = async (key: string, file: File) => {
    const localUrl = URL.createObjectURL(file);
    objectUrls.current.push(localUrl);
    changeBlock(key, { localUrl, pictureKey: "" });
    setUploading((current) => new Set(current).add(key));
    try {
      const { uploadId } = await uploadFiles([file], accessToken);
      changeBlock(key, { pictureKey: `upload:${uploadId}` });
      setSaveRequest((count) => count + 1);
    } catch (error) {
      const text = error instanceof UploadError ? error.message : "The upload failed. Please try again.";
      const index = values.blocks.findIndex((block) => block.key === key);
      setErrors((current) => ({ ...current, [`blocks.${index}.pictureKey`]: [text] }));
      setMessage(text);
    } finally {
      setUploading((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isReadOnly || isSaving) return;
    void saveNow().then(
      (stored) => stored && toast.success(stored.status === "draft" ? "Draft saved." : "Saved."),
    );
  };

  const testSend = async () => {
    const checked = testInputOf(values);
    if (!checked.ok) return refuse(checked.errors);
    try {
      await sendTest.send(checked.input);
    } catch (error) {
      const details = describeError(error, "Could not send the test.");
      refuse(details.fieldErrors, details.message);
    }
  };

  const openSchedule = async () => {
    if (uploading.size > 0) return;
    const stored = isDirty || !issueId ? await saveNow() : issue;
    if (stored) setIsScheduling(true);
  };

  const badge = STATUS_BADGES[status];
  const sentText = issue ? sentLine(issue) : null;
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        eyebrow={<BackToIssues />}
        title={values.subject.trim() || issue?.subject || "New issue"}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <Badge variant={badge.variant} data-testid="issue-status">
              {badge.label}
            </Badge>
            {issue ? <span>{issueTimeLine(issue, timeZone)}</span> : <span>Not saved yet</span>}
            {sentText ? <span>· {sentText}</span> : null}
            {isDirty ? <span>· Unsaved changes</span> : null}
          </span>
        }
        actions={
          canManage ? (
            <ComposerActions
              issue={issue}
              isReadOnly={isReadOnly}
              isSaving={isSaving}
              isUploading={uploading.size > 0}
              isSendingTest={sendTest.isSending}
              formId={formId}
              onTest={() => void testSend()}
              onSchedule={() => void openSchedule()}
              onDeleted={() => navigate("/admin/newsletter", { replace: true })}
            />
          ) : null
        }
      />
      {message ? (
        <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
          {message}
        </p>
      ) : null}
      {!canManage ? (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
          Your permissions let you look at the newsletter, not change it.
        </p>
      ) : isReadOnly ? (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
          {status === "cancelled"
            ? "This issue was cancelled; it can no longer be changed."
            : "This issue has started going out, so it can no longer be changed."}
        </p>
      ) : null}
      {issue && hasReport(issue) ? <IssueReport issueId={issue._id} /> : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <form id={formId} className="min-w-0 space-y-8" noValidate onSubmit={submit}>
          <section aria-labelledby="message-heading" className="space-y-4">
            <h2 id="message-heading" className="text-base font-semibold">
              Message
            </h2>
            <Field
              label="Subject"
              hint={`${values.subject.length} / ${NEWSLETTER_SUBJECT_MAX_LENGTH}`}
              error={errors.subject}
              required
            >
              <Input
                value={values.subject}
                maxLength={NEWSLETTER_SUBJECT_MAX_LENGTH}
                disabled={isReadOnly}
                onChange={(event) => change({ subject: event.target.value })}
              />
            </Field>
            <Field
              label="Preview line"
              hint="Shown after the subject in most inboxes."
              error={errors.preheader}
            >
              <Input
                value={values.preheader}
                maxLength={NEWSLETTER_PREHEADER_MAX_LENGTH}
                disabled={isReadOnly}
                onChange={(event) => change({ preheader: event.target.value })}
              />
            </Field>
          </section>
          <BlockList
            blocks={values.blocks}
            errors={errors}
            disabled={isReadOnly}
            uploading={uploading}
            onChange={changeBlock}
            onMove={(index, by) => restructure(moveBlock(values.blocks, index, by))}
            onRemove={(index) => restructure(values.blocks.filter((_, at) => at !== index))}
            onAdd={(type: NewsletterBlockType) => restructure([...values.blocks, newBlock(type)])}
            onPicture={(key, file) => void choosePicture(key, file)}
          />
          <AudienceSection
            segment={values.segment}
            errors={errors}
            disabled={isReadOnly}
            onChange={changeSegment}
          />
        </form>
        <PreviewPane input={preview} className="min-w-0 lg:sticky lg:top-20 lg:self-start" />
      </div>
      {issue ? (
        <ScheduleDialog
          open={isScheduling}
          onOpenChange={setIsScheduling}
          issue={issue}
          timeZone={timeZone}
          segment={checkedSegment(values.segment)}
        />
      ) : null}
    </Page>
  );
}
