// The command line's imports. Through a running server the import is a background job like an
// admin's upload (its page shows it live) and the command waits for it; with no server running,
// the command line runs the import itself.
import { access } from "node:fs/promises";
import type { ContentType } from "@litverse/shared/content";
import { eq } from "drizzle-orm";
import { jobs } from "../core/db/schema.ts";
import { AppError } from "../core/errors.ts";
import { enqueueJob } from "../core/jobs/job-queue.ts";
import type { CommitResult } from "../modules/content-admin/imports/commit-import.ts";
import {
  IMPORT_JOB_KIND,
  type ImportJobInput,
  runImport,
} from "../modules/content-admin/imports/imports.service.ts";
import type { CommandContext } from "./command-context.ts";

/** How often the command looks at its job. */
const POLL_MS = 250;

export async function importFiles(
  { platform, isServer, report }: CommandContext,
  files: string[],
  options: { type: ContentType | null; contentId: string | null; publish: boolean },
): Promise<CommitResult> {
  for (const file of files) {
    await access(file).catch(() => {
      throw new AppError("NOT_FOUND", `No such file: ${file}`);
    });
  }
  const { deps } = platform;
  // The command line acts as no particular user: uploads and jobs have no owner.
  const upload = await deps.media.uploads.fromLocalFiles("command-line", files);
  const input: ImportJobInput = {
    uploadId: upload.id,
    ...options,
    fileNames: upload.files.map((file) => file.name),
  };
  let lastLine = "";
  let lastShownAt = 0;
  const show = (fraction: number, message: string) => {
    const line = `${Math.round(fraction * 100)}% ${message}`;
    // A line at least every half minute, even when nothing moves, shows the import is alive.
    if (line === lastLine && Date.now() - lastShownAt < 30_000) return;
    report(line);
    lastLine = line;
    lastShownAt = Date.now();
  };

  if (!isServer) {
    return runImport(deps, input, null, {
      onProgress: (progress) => show(progress.fraction, progress.message),
    });
  }
  const job = await enqueueJob(deps, { kind: IMPORT_JOB_KIND, input });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const [row] = await deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    if (!row) throw new AppError("NOT_FOUND", "The import job disappeared.");
    if (row.status === "succeeded") {
      // A quick job can end between two looks: its last step is still worth a line.
      show(1, row.message || "Imported");
      return row.result as CommitResult;
    }
    if (row.status === "failed") throw new AppError("BAD_REQUEST", row.error ?? "The import failed.");
    if (row.status === "cancelled") throw new AppError("CONFLICT", "The import was cancelled.");
    show(row.progress, row.message);
  }
}
