// Background jobs as the admin sees them (imports, …).
import type { ContentType } from "./content.ts";

export const JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface ImportJob {
  _id: string;
  status: JobStatus;
  /** 0 to 1. */
  progress: number;
  message: string;
  fileNames: string[];
  type: ContentType | null;
  /** The title the episodes were added to, when given. */
  targetContentId: string | null;
  result: { contentId: string; title: string; episodeCount: number; warnings: string[] } | null;
  /** Why it failed, in plain words. */
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  createdByName: string | null;
}

/** What POST /api/uploads answers. */
export interface UploadResult {
  uploadId: string;
  files: Array<{ name: string; size: number }>;
}
