// Where the viewer stands with someone, as buttons that change it: add, cancel the request, accept
// or decline theirs, unfriend, unblock. Every change shows on every open page, live.
import type { FriendState } from "@litverse/shared/people";
import { Check, ChevronDown, Clock, UserCheck, UserMinus, UserPlus, X } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { useFriendActions } from "./use-friend-actions.ts";

export function FriendButton({
  userId,
  name,
  state,
  size = "md",
}: {
  userId: string;
  name: string;
  state: FriendState;
  size?: "sm" | "md";
}) {
  const { send, cancel, accept, decline, unfriend, unblock } = useFriendActions(userId);

  switch (state) {
    case "self":
      return null;
    case "none":
      return (
        <Button size={size} onClick={send.run} isLoading={send.isPending}>
          <UserPlus aria-hidden />
          Add friend
        </Button>
      );
    case "requested":
      return (
        <Button
          size={size}
          variant="secondary"
          onClick={cancel.run}
          isLoading={cancel.isPending}
          title="Cancel your friend request"
        >
          <Clock aria-hidden />
          Requested · Cancel
        </Button>
      );
    case "incoming":
      return (
        <span className="inline-flex gap-2">
          <Button size={size} onClick={accept.run} isLoading={accept.isPending}>
            <Check aria-hidden />
            Accept
          </Button>
          <Button size={size} variant="secondary" onClick={decline.run} isLoading={decline.isPending}>
            <X aria-hidden />
            Decline
          </Button>
        </span>
      );
    case "friends":
      return (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size={size} variant="secondary">
              <UserCheck aria-hidden />
              Friends
              <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <UnfriendItem name={name} onConfirm={unfriend} />
          </DropdownMenuContent>
        </DropdownMenu>
      );
    case "blocked":
      return (
        <Button size={size} variant="secondary" onClick={unblock.run} isLoading={unblock.isPending}>
          Unblock
        </Button>
      );
  }
}

function UnfriendItem({ name, onConfirm }: { name: string; onConfirm: () => unknown }) {
  return (
    <ConfirmDialog
      trigger={
        <DropdownMenuItem onSelect={(event) => event.preventDefault()}>
          <UserMinus aria-hidden />
          Unfriend
        </DropdownMenuItem>
      }
      title={`Unfriend ${name}?`}
      description="You will stop seeing what they share with friends only. They are not told."
      confirmLabel="Unfriend"
      onConfirm={onConfirm}
    />
  );
}
