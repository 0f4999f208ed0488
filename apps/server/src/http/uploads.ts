// POST /api/uploads: files (multipart/form-data) sent before a function uses them: an admin's
// import or cover, anyone's avatar or picture for a message. The answer names the upload for that
// function. Functions travel over the WebSocket as JSON, which suits neither gigabytes nor progress
// bars, hence this one HTTP route. People who are not administrators send one picture at a time.

import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import fastifyMultipart from "@fastify/multipart";
import type { UploadResult } from "@litverse/shared/jobs";
import type { FastifyInstance } from "fastify";
import type { TokenVerifier } from "../auth/token-verifier.ts";
import { personBudgetKey, type RateLimits } from "../core/limits/rate-limits.ts";
import { formatBytes } from "../media/import/limits.ts";
import type { Platform } from "../platform.ts";
import { httpCaller, spendWrite } from "./http-caller.ts";

export const UPLOAD_PATH = "/api/uploads";

export interface UploadLimits {
  fileBytes: number;
  totalBytes: number;
  files: number;
}

/** One file, all files of one upload together, and how many files: what administrators may send. */
export const UPLOAD_LIMITS: UploadLimits = {
  fileBytes: 4 * 1024 ** 3,
  totalBytes: 8 * 1024 ** 3,
  files: 500,
};

/** What everyone else may send: one picture. */
export const PERSONAL_UPLOAD_LIMITS: UploadLimits = {
  fileBytes: 10 * 1024 ** 2,
  totalBytes: 10 * 1024 ** 2,
  files: 1,
};

export async function registerUploads(
  app: FastifyInstance,
  platform: Platform,
  verifier: TokenVerifier,
  rates: RateLimits,
  adminLimits: UploadLimits = UPLOAD_LIMITS,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: adminLimits.fileBytes,
        files: adminLimits.files,
        fields: 10,
        parts: adminLimits.files + 10,
      },
    });
    scope.post(UPLOAD_PATH, async (request, reply) => {
      const caller = await httpCaller(request, reply, platform.deps, verifier);
      if (!caller) return reply;
      const { user, isAdmin } = caller;
      const limits = isAdmin ? adminLimits : PERSONAL_UPLOAD_LIMITS;
      if (!(await spendWrite(reply, rates, personBudgetKey(caller.identity)))) return reply;
      if (!request.isMultipart()) {
        return reply
          .code(415)
          .send({ error: "Unsupported Media Type", message: "Send the files as multipart/form-data." });
      }

      const upload = await platform.deps.media.uploads.begin(user.id);
      let total = 0;
      try {
        const parts = request.files({
          limits: { fileSize: limits.fileBytes, files: limits.files, fields: 10, parts: limits.files + 10 },
        });
        for await (const part of parts) {
          const target = upload.fileTarget(part.filename || "file");
          part.file.on("data", (chunk: Buffer) => {
            total += chunk.length;
            if (total > limits.totalBytes) part.file.destroy(new UploadTooLarge());
          });
          await pipeline(part.file, createWriteStream(target));
          if (part.file.truncated) throw new UploadTooLarge();
        }
        const stored = await upload.finish();
        if (stored.files.length === 0) {
          await upload.abandon();
          return reply.code(400).send({ error: "Bad Request", message: "No file was sent." });
        }
        const result: UploadResult = {
          uploadId: stored.id,
          files: stored.files.map((file) => ({ name: file.name, size: file.size })),
        };
        return result;
      } catch (error) {
        await upload.abandon();
        if (
          error instanceof UploadTooLarge ||
          (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE"
        ) {
          return reply.code(413).send({
            error: "Payload Too Large",
            message:
              limits.files === 1
                ? `That picture is too large: at most ${formatBytes(limits.fileBytes)}.`
                : `The files are too large: at most ${formatBytes(limits.fileBytes)} each and ${formatBytes(limits.totalBytes)} together.`,
          });
        }
        if ((error as { code?: string }).code === "FST_FILES_LIMIT") {
          return reply.code(413).send({
            error: "Payload Too Large",
            message:
              limits.files === 1 ? "Send one picture at a time." : `At most ${limits.files} files at a time.`,
          });
        }
        throw error;
      }
    });
  });
}

class UploadTooLarge extends Error {}
