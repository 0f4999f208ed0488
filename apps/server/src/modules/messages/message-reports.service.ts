// Reporting a message the caller received to the moderators.
import { type ReportCategory, type ReportReason, reportCategoryOf } from "@litverse/shared/moderation";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { createReport, type ReportTarget } from "../reports/index.ts";
import { ownMessage } from "./conversations.ts";

/** A message the caller received, as a report's target, with its text as it was. */
export async function messageReportTarget(
  deps: ServiceDeps,
  user: SessionUser,
  messageId: string,
): Promise<ReportTarget> {
  const row = await ownMessage(deps.db, user.id, messageId);
  if (row.senderId === user.id) throw new AppError("BAD_REQUEST", "You cannot report your own message.");
  return {
    kind: "message",
    id: row.id,
    userId: row.senderId,
    snapshot: row.body || (row.attachment ? "[a picture]" : ""),
    label: "A message",
  };
}

/** Reports a message the caller received into the moderation queue. */
export async function reportMessage(
  deps: ServiceDeps,
  user: SessionUser,
  input: { messageId: string; reason: ReportReason | ReportCategory; details: string },
): Promise<{ isNew: boolean }> {
  const target = await messageReportTarget(deps, user, input.messageId);
  const { isNew } = await createReport(deps, user, target, reportCategoryOf(input.reason), input.details);
  return { isNew };
}
