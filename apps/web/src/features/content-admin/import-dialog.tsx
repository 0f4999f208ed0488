// Importing files: pick or drop them, say what they are (or let the server tell from the bytes),
// choose whether the result goes live at once, then watch the upload; the import itself runs on
// the server and shows in the Imports panel.
import { CONTENT_TYPES, type ContentType } from "@litverse/shared/content";
import { FileUp, Trash2, Upload, X } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { checkUploadSize, formatBytes } from "../../lib/uploads.ts";
import { useLeaveWarning } from "../../lib/use-leave-warning.ts";
import { CONTENT_TYPE_LABELS } from "./labels.ts";
import { useStartImport } from "./use-imports.ts";

export const IMPORT_EXTENSIONS = [
  ".epub",
  ".cbz",
  ".zip",
  ".m4b",
  ".m4a",
  ".mp3",
  ".mp4",
  ".mov",
  ".webm",
  ".mkv",
  ".vtt",
  ".srt",
] as const;
const ACCEPT = IMPORT_EXTENSIONS.join(",");

type TypeChoice = ContentType | "detect";
const TYPE_ITEMS = [
  { value: "detect" as const, label: "Detect from the files" },
  ...CONTENT_TYPES.map((type) => ({ value: type, label: CONTENT_TYPE_LABELS[type] })),
];

const isImportable = (file: File) =>
  IMPORT_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));

export interface ImportTarget {
  contentId: string;
  title: string;
  contentType: ContentType;
}

export function ImportDialog({
  open,
  onOpenChange,
  target,
  onStarted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Adds episodes to this title instead of making a new one. */
  target?: ImportTarget;
  onStarted?: (jobId: string) => void;
}) {
  const inputId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [type, setType] = useState<TypeChoice>("detect");
  const [publish, setPublish] = useState(true);
  const [isDragOver, setIsDragOver] = useState(false);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { start, isStarting } = useStartImport();
  const isBusy = uploadProgress !== null || isStarting;
  useLeaveWarning(uploadProgress !== null);

  const reset = () => {
    setFiles([]);
    setType("detect");
    setPublish(true);
    setUploadProgress(null);
    setError(null);
  };

  const close = () => {
    reset();
    onOpenChange(false);
  };

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const picked = [...list];
    const refused = picked.filter((file) => !isImportable(file));
    setError(
      refused.length > 0
        ? `${refused.map((file) => file.name).join(", ")}: not a kind of file Litverse imports (${IMPORT_EXTENSIONS.join(" ")}).`
        : null,
    );
    setFiles((current) => {
      const names = new Set(current.map((file) => file.name));
      return [...current, ...picked.filter((file) => isImportable(file) && !names.has(file.name))];
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragOver(false);
    if (!isBusy) addFiles(event.dataTransfer.files);
  };

  const submit = async () => {
    const tooLarge = checkUploadSize(files);
    if (tooLarge) {
      setError(tooLarge);
      return;
    }
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    setUploadProgress(0);
    await start(
      files,
      {
        publish,
        ...(target ? { contentId: target.contentId, type: target.contentType } : {}),
        ...(!target && type !== "detect" ? { type } : {}),
      },
      {
        signal: controller.signal,
        onProgress: setUploadProgress,
        onStarted: (jobId) => {
          onStarted?.(jobId);
          close();
        },
        onFailed: (message) => {
          setUploadProgress(null);
          if (message !== null) setError(message);
        },
      },
    );
    abort.current = null;
  };

  const totalSize = files.reduce((sum, file) => sum + file.size, 0);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-upload would lose track of it; cancel it first.
        if (!next && isBusy) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        size="lg"
        title={target ? `Add episodes to ${target.title}` : "Import files"}
        description={
          target
            ? "The files become new episodes after the last one."
            : "A book (EPUB), a comic (CBZ or EPUB), an audiobook (M4B, M4A, MP3 or a ZIP of them) or drama episodes (videos with VTT or SRT subtitles)."
        }
        footer={
          <>
            {uploadProgress !== null ? (
              <Button variant="secondary" onClick={() => abort.current?.abort()}>
                Cancel upload
              </Button>
            ) : (
              <Button variant="secondary" onClick={close} disabled={isBusy}>
                Cancel
              </Button>
            )}
            <Button onClick={() => void submit()} disabled={files.length === 0} isLoading={isBusy}>
              <Upload aria-hidden />
              Upload and import
            </Button>
          </>
        }
      >
        <div className="space-y-5">
          <section
            aria-label="Files"
            onDragOver={(event) => {
              event.preventDefault();
              setIsDragOver(true);
            }}
            onDragLeave={() => setIsDragOver(false)}
            onDrop={onDrop}
            className={cn(
              "flex flex-col items-center rounded-xl border-2 border-dashed px-4 py-5 text-center transition sm:py-8",
              isDragOver ? "border-brand-500 bg-brand-50 dark:bg-brand-500/10" : "border-border",
            )}
            data-testid="drop-zone"
          >
            <FileUp className="size-8 text-brand-500" aria-hidden />
            {/* Phones have nothing to drop from. */}
            <p className="mt-2 hidden font-medium sm:block">Drop files here</p>
            <p className="hidden text-sm text-muted-foreground sm:block">or</p>
            <input
              id={inputId}
              type="file"
              multiple
              accept={ACCEPT}
              disabled={isBusy}
              className="peer sr-only"
              aria-label="Files to import"
              onChange={(event) => {
                addFiles(event.target.files);
                event.target.value = "";
              }}
            />
            <label
              htmlFor={inputId}
              className={cn(
                buttonClasses({ variant: "secondary", className: "mt-2 cursor-pointer" }),
                "peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500",
                isBusy && "pointer-events-none opacity-50",
              )}
            >
              Choose files
            </label>
            <p className="mt-3 text-xs text-muted-foreground">
              {IMPORT_EXTENSIONS.join(" ")} · up to 4 GB a file, 8 GB in all
            </p>
          </section>

          {files.length > 0 ? (
            <ul
              className="divide-y divide-[var(--border)] rounded-xl border border-border"
              aria-label="Chosen files"
            >
              {files.map((file) => (
                <li key={file.name} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 truncate font-medium" title={file.name}>
                    {file.name}
                  </span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {formatBytes(file.size)}
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8!"
                    disabled={isBusy}
                    aria-label={`Remove ${file.name}`}
                    onClick={() => setFiles((current) => current.filter((item) => item !== file))}
                  >
                    <X aria-hidden />
                  </Button>
                </li>
              ))}
              {files.length > 1 ? (
                <li className="flex items-center justify-between gap-3 px-3 py-2 text-sm text-muted-foreground">
                  <span>
                    {files.length} files, {formatBytes(totalSize)}
                  </span>
                  <Button variant="ghost" size="sm" disabled={isBusy} onClick={() => setFiles([])}>
                    <Trash2 aria-hidden />
                    Remove all
                  </Button>
                </li>
              ) : null}
            </ul>
          ) : null}

          {target ? null : (
            <Field label="What the files are" hint="Read from the files unless you choose.">
              <Select<TypeChoice> items={TYPE_ITEMS} value={type} onValueChange={setType} disabled={isBusy} />
            </Field>
          )}

          <Switch
            label="Publish right away"
            description={
              publish
                ? target
                  ? "The new episodes are released as soon as the import finishes."
                  : "The title and its episodes go live as soon as the import finishes."
                : "Everything stays a draft until you publish it."
            }
            checked={publish}
            onCheckedChange={setPublish}
            disabled={isBusy}
          />

          {uploadProgress !== null ? (
            <Progress
              value={isStarting ? 1 : uploadProgress}
              label={isStarting ? "Starting the import" : "Uploading"}
              showLabel
            />
          ) : null}

          {error ? (
            <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
              {error}
            </p>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
