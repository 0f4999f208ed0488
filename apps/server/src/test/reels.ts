// Test helpers for reels: people signed in with real access tokens (for the HTTP routes), uploads
// through the tus protocol as a browser's client makes them, the conversion job, and published
// reels stored directly for the tests of the feed, comments and figures that need no video.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { UserRole } from "@litverse/shared/constants";
import { REEL_UPLOAD_PATH } from "@litverse/shared/reels";
import pino from "pino";
import { EMBEDDED_ISSUER_KEY } from "../auth/identity.ts";
import { JobRunner } from "../core/jobs/job-queue.ts";
import { reelJobHandler } from "../modules/reels/reel-processing.ts";
import { reels } from "../modules/reels/schema.ts";
import { users } from "../modules/users/schema.ts";
import type { Platform } from "../platform.ts";
import type { TestUser } from "./test-platform.ts";
import { accessToken } from "./tokens.ts";

let counter = 0;

/** A person of the embedded provider with a real access token, usable by callerFor too. */
export async function personWithToken(
  platform: Platform,
  role: UserRole = "user",
): Promise<TestUser & { token: string }> {
  counter++;
  const subject = `reels-${role}-${counter}-${randomUUID()}`;
  const [row] = await platform.deps.db
    .insert(users)
    .values({
      issuer: EMBEDDED_ISSUER_KEY,
      subject,
      email: `${subject}@example.test`,
      name: `Creator ${counter}`,
      handle: `creator_${counter}_${subject.slice(-6)}`,
      role,
    })
    .returning();
  if (!row) throw new Error("user not stored");
  const token = await accessToken(platform, { subject });
  return {
    id: row.id,
    role: row.role,
    token,
    identity: {
      issuer: platform.config.auth.issuer,
      issuerKey: EMBEDDED_ISSUER_KEY,
      subject,
      claims: { sub: subject },
      expiresAt: Date.now() + 3_600_000,
      token,
    },
  };
}

const tusHeaders = (token: string | null, extra: Record<string, string> = {}) => ({
  "tus-resumable": "1.0.0",
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...extra,
});

/** Starts an upload of `size` bytes: the answer, and the upload's address when created. */
export async function startUpload(baseUrl: string, token: string | null, size: number, name = "clip.mp4") {
  const response = await fetch(`${baseUrl}${REEL_UPLOAD_PATH}`, {
    method: "POST",
    headers: tusHeaders(token, {
      "upload-length": String(size),
      "upload-metadata": `filename ${Buffer.from(name).toString("base64")}`,
    }),
  });
  const location = response.headers.get("location");
  return { response, url: location ? new URL(location, baseUrl).toString() : null };
}

export async function sendBytes(url: string, token: string | null, offset: number, bytes: Uint8Array) {
  return fetch(url, {
    method: "PATCH",
    headers: tusHeaders(token, {
      "upload-offset": String(offset),
      "content-type": "application/offset+octet-stream",
    }),
    body: bytes,
  });
}

export async function uploadOffset(url: string, token: string | null): Promise<Response> {
  return fetch(url, { method: "HEAD", headers: tusHeaders(token) });
}

/** The id `createReel` takes: the upload address's last part. */
export const uploadIdOf = (url: string) => url.split("/").pop() ?? "";

/** Uploads a whole file in one go and returns its upload id. */
export async function uploadReelFile(baseUrl: string, token: string, file: string): Promise<string> {
  const bytes = await readFile(file);
  const { response, url } = await startUpload(baseUrl, token, bytes.length, path.basename(file));
  if (response.status !== 201 || !url) throw new Error(`upload not created: ${response.status}`);
  const sent = await sendBytes(url, token, 0, bytes);
  if (sent.status !== 204) throw new Error(`upload not sent: ${sent.status} ${await sent.text()}`);
  return uploadIdOf(url);
}

/** A job runner taking reel conversions, as a server process runs it. Stop it after the test. */
export function reelRunner(platform: Platform): JobRunner {
  const runner = new JobRunner(platform.deps, [reelJobHandler(platform.deps)], {
    log: pino({ level: "silent" }),
    pollMs: 50,
  });
  runner.start();
  return runner;
}

export interface StoredReelFields {
  caption?: string;
  durationMs?: number;
  visibility?: "public" | "followers" | "private";
  linkContentId?: string | null;
  linkEpisodeId?: string | null;
  isOfficial?: boolean;
  publishedAt?: Date;
  status?: "published" | "pending_review" | "rejected";
  likeCount?: number;
  shareCount?: number;
}

/**
 * A reel stored as if converted, without files: for what does not play the video (ranking,
 * comments, likes, figures).
 */
export async function storedReel(platform: Platform, creator: { id: string }, fields: StoredReelFields = {}) {
  counter++;
  const { status = "published", durationMs = 10_000, ...rest } = fields;
  const [row] = await platform.deps.db
    .insert(reels)
    .values({
      creatorId: creator.id,
      caption: `Reel ${counter}`,
      status,
      durationMs,
      width: 1080,
      height: 1920,
      hasAudio: true,
      hasPoster: true,
      publishedAt: status === "published" ? (fields.publishedAt ?? new Date()) : null,
      ...rest,
    })
    .returning();
  if (!row) throw new Error("reel not stored");
  return row;
}
