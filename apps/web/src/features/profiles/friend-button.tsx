// Where the viewer stands with someone, as buttons that change it: add, cancel the request, accept
// or decline theirs, unfriend, unblock. Every change shows on every open page, live.
import type { FriendState } from "@litverse/shared/people";
import { useMutation } from "@tanstack/react-query";
import { Check, ChevronDown, Clock, UserCheck, UserMinus, UserPlus, X } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { toastError } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

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
  const input = { userId };
  const send = useMutation(trpc.friends.sendFriendRequest.mutationOptions());
  const cancel = useMutation(trpc.friends.cancelFriendRequest.mutationOptions());
  const accept = useMutation(trpc.friends.acceptFriendRequest.mutationOptions());
  const decline = useMutation(trpc.friends.declineFriendRequest.mutationOptions());
  const unfriend = useMutation(trpc.friends.unfriend.mutationOptions());
  const unblock = useMutation(trpc.friends.unblockUser.mutationOptions());
  const fail = (what: string) => (error: unknown) => toastError(error, `Could not ${what}.`);

  switch (state) {
    case "self":
      return null;
    case "none":
      return (
        <Button
          size={size}
          onClick={() => send.mutate(input, { onError: fail("send the request") })}
          isLoading={send.isPending}
        >
          <UserPlus aria-hidden />
          Add friend
        </Button>
      );
    case "requested":
      return (
        <Button
          size={size}
          variant="secondary"
          onClick={() => cancel.mutate(input, { onError: fail("cancel the request") })}
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
          <Button
            size={size}
            onClick={() => accept.mutate(input, { onError: fail("accept the request") })}
            isLoading={accept.isPending}
          >
            <Check aria-hidden />
            Accept
          </Button>
          <Button
            size={size}
            variant="secondary"
            onClick={() => decline.mutate(input, { onError: fail("decline the request") })}
            isLoading={decline.isPending}
          >
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
            <UnfriendItem name={name} onConfirm={() => unfriend.mutateAsync(input)} />
          </DropdownMenuContent>
        </DropdownMenu>
      );
    case "blocked":
      return (
        <Button
          size={size}
          variant="secondary"
          onClick={() => unblock.mutate(input, { onError: fail("unblock") })}
          isLoading={unblock.isPending}
        >
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
