// Posting a reel: choose a video (from the phone's library or camera, or the computer), watch it
// go up, write its details meanwhile, then post it; the server converts it and the list below
// shows how that goes. The same panel posts the team's official reels from the admin pages.
import { REEL_ACCEPT, REEL_MAX_DURATION_MS, REEL_MAX_UPLOAD_BYTES } from "@litverse/shared/reels";
import { CheckCircle2, FileVideo, RotateCw, Upload, WifiOff, X } from "lucide-react";
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Field } from "../../../components/ui/field.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDuration } from "../../../lib/format.ts";
import { formatBytes } from "../../../lib/uploads.ts";
import { EMPTY_DETAILS, type ReelDetails } from "../shared/reel-details.ts";
import { ReelDetailsFields } from "../shared/reel-details-fields.tsx";
import { readDraft, writeDraft } from "./reel-draft.ts";
import { UnfinishedUploads } from "./unfinished-uploads.tsx";
import { usePostReel } from "./use-my-reels.ts";
import { type UploadState, useReelUpload } from "./use-reel-upload.ts";

const CAPTION_FILE_TYPES = ".vtt,.srt,text/vtt,application/x-subrip";

export function UploadPanel({
  userId,
  official = false,
  onPosted,
}: {
  userId: string;
  /** An official reel of the team's, for a title (administrators). */
  official?: boolean;
  onPosted?: (reelId: string) => void;
}) {
  const scope = official ? "official" : "mine";
  const [draft] = useState(() => readDraft(userId, scope));
  const [details, setDetails] = useState<ReelDetails>(draft.details);
  const [captionsFile, setCaptionsFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { state, choose, resume, cancel, reset, restore, refuse } = useReelUpload(userId);
  const { post: postReel, isPosting } = usePostReel();
  const formId = useId();

  // A finished upload from before a reload is still there to post.
  useEffect(() => {
    if (draft.sent) restore(draft.sent);
  }, [draft.sent, restore]);

  // The draft follows the form and the finished upload.
  const sentKey =
    state.kind === "uploaded"
      ? JSON.stringify({ name: state.name, size: state.size, uploadId: state.uploadId })
      : null;
  useEffect(() => {
    writeDraft(userId, scope, { details, sent: sentKey ? JSON.parse(sentKey) : null });
  }, [userId, scope, details, sentKey]);

  const post = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind !== "uploaded") return;
    if (official && !details.link) {
      setErrors({ link: ["Choose the title this reel is for."] });
      return;
    }
    setErrors({});
    setFormError(null);
    await postReel(
      { uploadId: state.uploadId, details, captionsFile, official },
      {
        onPosted: (reelId) => {
          writeDraft(userId, scope, null);
          setDetails((current) => ({ ...EMPTY_DETAILS, visibility: current.visibility }));
          setCaptionsFile(null);
          reset();
          onPosted?.(reelId);
        },
        onRefused: refuse,
        onFailed: ({ message, fieldErrors }) => {
          if (fieldErrors) setErrors(fieldErrors);
          setFormError(message);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={`${formId}-heading`}
      className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5"
      data-testid="reel-upload"
    >
      <h2 id={`${formId}-heading`} className="text-lg font-semibold">
        {official ? "Upload an official reel" : "Post a reel"}
      </h2>
      <p className="mt-0.5 text-sm text-muted-foreground">
        {`A video up to ${formatDuration(REEL_MAX_DURATION_MS)} long and ${formatBytes(REEL_MAX_UPLOAD_BYTES)}; upright (9:16) looks best.`}
      </p>
      <div className="mt-4">
        {state.kind === "idle" ? (
          <>
            <VideoPicker onChoose={(file) => void choose(file)} problem={state.problem} />
            <UnfinishedUploads userId={userId} onChoose={(file) => void choose(file)} />
          </>
        ) : (
          <UploadStatus
            state={state}
            onResume={resume}
            onCancel={() => void cancel()}
            onChooseAnother={reset}
          />
        )}
      </div>
      {state.kind === "idle" ? null : (
        <form id={formId} className="mt-5 space-y-4" onSubmit={(event) => void post(event)} noValidate>
          <ReelDetailsFields
            value={details}
            onChange={setDetails}
            errors={errors}
            requireLink={official}
            showVisibility={!official}
          />
          <Field
            label="Captions file (optional)"
            hint="WebVTT (.vtt) or SubRip (.srt): shown over the reel for viewers who turn captions on."
            error={errors.captionsUploadId}
          >
            <input
              type="file"
              accept={CAPTION_FILE_TYPES}
              onChange={(event) => setCaptionsFile(event.target.files?.[0] ?? null)}
              className="block w-full text-sm text-muted-foreground file:mr-3 file:rounded-lg file:border-0 file:bg-muted file:px-3 file:py-2 file:text-sm file:font-semibold file:text-foreground hover:file:bg-stone-200 dark:hover:file:bg-white/15"
            />
          </Field>
          {formError ? (
            <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
              {formError}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
            {state.kind === "uploaded" ? null : (
              <p className="text-sm text-muted-foreground sm:mr-auto">You can post once the video is sent.</p>
            )}
            <Button
              type="submit"
              variant="gradient"
              disabled={state.kind !== "uploaded"}
              isLoading={isPosting}
            >
              {official ? "Post official reel" : "Post reel"}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function VideoPicker({ onChoose, problem }: { onChoose: (file: File) => void; problem: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const problemId = useId();
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onChoose(file);
  };
  return (
    <div>
      <section
        aria-label="Drop a video here"
        onDragOver={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={drop}
        className={cn(
          "flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-border px-4 py-8 text-center transition",
          isOver && "border-brand-500 bg-brand-50/60 dark:bg-brand-500/10",
        )}
      >
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-500/15 dark:text-brand-400">
          <Upload className="size-6" aria-hidden />
        </span>
        <p className="text-sm text-muted-foreground">Drop a video here, or</p>
        <label className={buttonClasses({ variant: "primary" })}>
          <FileVideo aria-hidden />
          Choose a video
          <input
            ref={input}
            type="file"
            accept={REEL_ACCEPT}
            className="sr-only"
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) onChoose(file);
            }}
            data-testid="reel-file-input"
          />
        </label>
      </section>
      {problem ? (
        <p id={problemId} role="alert" className="mt-2 text-sm font-medium text-rose-600 dark:text-rose-400">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function UploadStatus({
  state,
  onResume,
  onCancel,
  onChooseAnother,
}: {
  state: Exclude<UploadState, { kind: "idle" }>;
  onResume: () => void;
  onCancel: () => void;
  onChooseAnother: () => void;
}) {
  const name = state.kind === "uploaded" || state.kind === "failed" ? state.name : state.file.name;
  const size = state.kind === "uploaded" || state.kind === "failed" ? state.size : state.file.size;
  const fraction =
    state.kind === "uploading" || state.kind === "stopped"
      ? state.total > 0
        ? state.sent / state.total
        : 0
      : state.kind === "uploaded"
        ? 1
        : null;
  return (
    <div
      className="rounded-xl border border-border p-3"
      data-testid="reel-upload-status"
      data-state={state.kind}
    >
      <div className="flex items-center gap-3">
        <FileVideo className="size-5 shrink-0 text-muted-foreground" aria-hidden />
        <p className="min-w-0 flex-1 truncate text-sm font-medium">
          {name} <span className="font-normal text-muted-foreground">· {formatBytes(size)}</span>
        </p>
        {state.kind === "failed" ? null : (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={state.kind === "uploaded" ? "Remove the video" : "Cancel the upload"}
            onClick={state.kind === "uploaded" ? onChooseAnother : onCancel}
          >
            <X aria-hidden />
          </Button>
        )}
      </div>
      {state.kind === "failed" ? null : (
        <Progress
          value={state.kind === "checking" ? null : fraction}
          label={`Upload of ${name}`}
          className="mt-3"
        />
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
        {state.kind === "checking" ? (
          <span className="inline-flex items-center gap-2 text-muted-foreground">
            <Spinner size="sm" /> Checking the video…
          </span>
        ) : state.kind === "uploading" ? (
          state.isRetrying ? (
            <span className="inline-flex items-center gap-2 text-amber-700 dark:text-amber-300">
              <WifiOff className="size-4" aria-hidden /> Connection lost: trying again…
            </span>
          ) : (
            <span className="text-muted-foreground tabular-nums">
              Sending… {Math.floor((fraction ?? 0) * 100)}% ({formatBytes(state.sent)} of{" "}
              {formatBytes(state.total)})
            </span>
          )
        ) : state.kind === "stopped" ? (
          <>
            <span className="text-amber-700 dark:text-amber-300">{state.message}</span>
            <Button size="sm" variant="secondary" onClick={onResume}>
              <RotateCw aria-hidden />
              Resume
            </Button>
          </>
        ) : state.kind === "uploaded" ? (
          <span className="inline-flex items-center gap-2 font-medium text-emerald-700 dark:text-emerald-400">
            <CheckCircle2 className="size-4" aria-hidden /> Sent. Add the details and post it.
          </span>
        ) : (
          <>
            <span role="alert" className="font-medium text-rose-600 dark:text-rose-400">
              {state.message}
            </span>
            <Button size="sm" variant="secondary" onClick={onChooseAnother}>
              Choose another video
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
