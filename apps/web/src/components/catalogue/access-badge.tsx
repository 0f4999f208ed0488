import type { AccessType } from "@litverse/shared/content";
import { Crown, Gem } from "lucide-react";
import { Badge } from "../ui/badge.tsx";
import { ACCESS_LABELS } from "./labels.ts";

/** "Premium" with a crown or "VVIP" with a gem; nothing for free titles. */
export function AccessBadge({ accessType, className }: { accessType: AccessType; className?: string }) {
  if (accessType === "free") return null;
  const Icon = accessType === "vvip" ? Gem : Crown;
  return (
    <Badge variant={accessType} className={className}>
      <Icon aria-hidden />
      {ACCESS_LABELS[accessType]}
    </Badge>
  );
}
