// Who is in a club and how they get in or out: the viewer joining and leaving, invitations,
// moderators answering requests and acting on members. A failure shows in a toast, except where a
// confirm dialog asks first (that dialog shows it); the live club and member list show what changed.
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

const onError = (error: unknown) => void toastError(error);

/** The viewer's own place in the club: asking, accepting, declining, leaving. */
export function useMembership(clubId: string) {
  const join = useMutation(trpc.clubs.joinClub.mutationOptions());
  const joinByInvite = useMutation(trpc.clubs.joinClubByInvite.mutationOptions());
  const leave = useMutation(trpc.clubs.leaveClub.mutationOptions());
  const onFailure = (error: unknown) => void toastError(error, "That did not work.");
  return {
    join: () =>
      join.mutate(
        { clubId },
        {
          onSuccess: (status) => {
            if (status === "requested") toast.success("Asked. A moderator will let you in.");
          },
          onError: onFailure,
        },
      ),
    acceptInvitation: () => join.mutate({ clubId }, { onError: onFailure }),
    isJoining: join.isPending,
    joinByInvite: (code: string) => joinByInvite.mutate({ code }, { onError: onFailure }),
    isJoiningByInvite: joinByInvite.isPending,
    /** Declines an invitation or takes a request back. */
    leave: () => leave.mutate({ clubId }, { onError: onFailure }),
    /** Throws on failure: the confirm dialog that asks first shows why. */
    leaveConfirmed: () => leave.mutateAsync({ clubId }),
    isLeaving: leave.isPending,
  };
}

/** A secret club seen through its invitation link: joining it from there. */
export function useJoinByInvite(code: string) {
  const join = useMutation(trpc.clubs.joinClubByInvite.mutationOptions());
  return {
    join: (onJoined: (clubId: string) => void) =>
      join.mutate(
        { code },
        {
          onSuccess: ({ clubId }) => onJoined(clubId),
          onError: (error) => toastError(error, "Could not join the club."),
        },
      ),
    isJoining: join.isPending,
  };
}

export function useClubMembers(clubId: string, isEnabled = true) {
  return useLiveQuery({ ...trpc.clubs.listClubMembers.queryOptions({ clubId }), enabled: isEnabled });
}

export function useJoinRequests(clubId: string) {
  const approve = useMutation(trpc.clubs.approveJoinRequest.mutationOptions());
  const decline = useMutation(trpc.clubs.declineJoinRequest.mutationOptions());
  return {
    approve: (userId: string) => approve.mutate({ clubId, userId }, { onError }),
    decline: (userId: string) => decline.mutate({ clubId, userId }, { onError }),
  };
}

/** A moderator's actions on one member. Removing and handing over throw on failure, for their confirm dialogs. */
export function useManageMember(clubId: string, userId: string) {
  const setRole = useMutation(trpc.clubs.setClubMemberRole.mutationOptions());
  const mute = useMutation(trpc.clubs.muteClubMember.mutationOptions());
  const remove = useMutation(trpc.clubs.removeClubMember.mutationOptions());
  const transfer = useMutation(trpc.clubs.transferClubOwnership.mutationOptions());
  const ids = { clubId, userId };
  return {
    setRole: (role: inferInput<typeof trpc.clubs.setClubMemberRole>["role"]) =>
      setRole.mutate({ ...ids, role }, { onError }),
    /** 0 hours lifts a mute. */
    mute: (hours: number) => mute.mutate({ ...ids, hours }, { onError }),
    remove: () => remove.mutateAsync(ids),
    handOver: () => transfer.mutateAsync(ids),
  };
}

/** The viewer's friends and the club's members, to invite those not in yet; asked for while the dialog is open. */
export function useInviteCandidates(clubId: string, isOpen: boolean) {
  const friends = useLiveQuery({ ...trpc.friends.listFriends.queryOptions(), enabled: isOpen });
  const members = useClubMembers(clubId, isOpen);
  return { friends: friends.data, isLoading: friends.isPending, members: members.data };
}

export function useInvitations(clubId: string) {
  const invite = useMutation(trpc.clubs.inviteToClub.mutationOptions());
  const renew = useMutation(trpc.clubs.renewInviteCode.mutationOptions());
  return {
    invite: (userId: string, onInvited: () => void) =>
      invite.mutate({ clubId, userId }, { onSuccess: onInvited, onError: (error) => toastError(error) }),
    /** A new invitation link; the old one stops working. */
    renewLink: () => renew.mutate({ clubId }, { onError: (error) => toastError(error) }),
  };
}
