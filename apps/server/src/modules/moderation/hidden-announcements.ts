// Announcing that an item was hidden or shown again: every list that leaves hidden items out
// follows the hidden-items topic; a person's name and picture, shown everywhere they appear, are
// read with their person's topic, which is announced too when it is their profile or picture.
import type { ModerationKind } from "@litverse/shared/moderation";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { personTopic } from "../profiles/index.ts";
import { HIDDEN_ITEMS_TOPIC } from "../reports/index.ts";

export function announceVisibility(
  deps: ServiceDeps,
  item: { kind: ModerationKind; targetId: string },
): void {
  deps.changes.changed(HIDDEN_ITEMS_TOPIC);
  if (item.kind === "profile" || item.kind === "profile_picture")
    deps.changes.changed(personTopic(item.targetId));
}
