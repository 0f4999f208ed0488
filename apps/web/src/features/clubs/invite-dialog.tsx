// Inviting friends to a club, and its invitation link (the only way into a secret club besides an
// invitation). The owner can replace a link that went too far.
import { mayInClub } from "@litverse/shared/club-rights";
import type { ClubDetail } from "@litverse/shared/clubs";
import { Copy, RefreshCw } from "lucide-react";
import { useState } from "react";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../lib/toast.ts";
import { useInvitations, useInviteCandidates } from "./use-club-membership.ts";

export function InviteDialog({
  club,
  open,
  onOpenChange,
}: {
  club: ClubDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { friends, isLoading, members } = useInviteCandidates(club._id, open);
  const { invite, renewLink } = useInvitations(club._id);
  const [sent, setSent] = useState<Set<string>>(new Set());
  const mayRenewLink = mayInClub(club, "renewInviteCode");
  const link = club.inviteCode
    ? `${window.location.origin}/clubs/${club._id}?invite=${club.inviteCode}`
    : null;
  const inClub = new Set((members ?? []).map((member) => member.person._id));
  const candidates = (friends ?? []).filter((friend) => !inClub.has(friend._id) || sent.has(friend._id));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Invite to ${club.name}`}
        description="Invite your friends, or share the club's link."
      >
        {link ? (
          <div className="flex gap-2">
            <Input
              value={link}
              readOnly
              aria-label="Invitation link"
              onFocus={(event) => event.target.select()}
            />
            <Button
              variant="secondary"
              size="icon"
              aria-label="Copy the link"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(link)
                  .then(() => toast.success("Link copied."))
                  .catch(() => toast.error("Could not copy: select the link and copy it."))
              }
            >
              <Copy aria-hidden />
            </Button>
            {mayRenewLink ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label="Make a new link (the old one stops working)"
                onClick={renewLink}
              >
                <RefreshCw aria-hidden />
              </Button>
            ) : null}
          </div>
        ) : null}
        <h3 className="mt-5 mb-2 text-sm font-medium">Friends</h3>
        {isLoading ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            All your friends are in the club, or you have not added any yet.
          </p>
        ) : (
          <ul className="max-h-72 space-y-2 overflow-y-auto">
            {candidates.map((friend) => (
              <li key={friend._id} className="flex items-center gap-3">
                <PersonAvatar person={friend} size="sm" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{friend.name}</span>
                <Button
                  size="sm"
                  variant={sent.has(friend._id) ? "secondary" : "primary"}
                  disabled={sent.has(friend._id)}
                  onClick={() => invite(friend._id, () => setSent((all) => new Set(all).add(friend._id)))}
                >
                  {sent.has(friend._id) ? "Invited" : "Invite"}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
