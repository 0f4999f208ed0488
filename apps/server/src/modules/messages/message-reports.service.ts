// Reporting a message the caller received to the moderators.
import type { ReportReason } from "@litverse/shared/people";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { createReport } from "../reports/index.ts";
import { ownMessage } from "./conversations.ts";

/** Reports a message the caller received into the moderation queue, with its text as it was. */
export async function reportMessage(
  deps: ServiceDeps,
  user: SessionUser,
  input: { messageId: string; reason: ReportReason; details: string },
): Promise<{ isNew: boolean }> {
  const row = await ownMessage(deps.db, user.id, input.messageId);
  if (row.senderId === user.id) throw new AppError("BAD_REQUEST", "You cannot report your own message.");
  return createReport(
    deps,
    user,
    {
      kind: "message",
      id: row.id,
      userId: row.senderId,
      snapshot: row.body || (row.attachment ? "[a picture]" : ""),
      label: "A message",
    },
    input.reason,
    input.details,
  );
}
