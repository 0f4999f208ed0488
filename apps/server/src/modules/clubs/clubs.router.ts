import {
  clubIdInput,
  clubMemberInput,
  clubPostInput,
  createClubInput,
  createClubPostInput,
  createMeetingInput,
  createPollInput,
  discoverClubsInput,
  joinByCodeInput,
  listClubPostsInput,
  meetingIdInput,
  muteMemberInput,
  pollIdInput,
  rateReadInput,
  reactToPostInput,
  reportClubPostInput,
  rsvpInput,
  setCurrentReadInput,
  setMemberRoleInput,
  setPostFlagInput,
  updateClubInput,
  votePollInput,
} from "@litverse/shared/clubs-inputs";
import { authedProcedure, router } from "../../rpc/trpc.ts";
import * as lifecycle from "./club-lifecycle.service.ts";
import * as lists from "./club-lists.service.ts";
import * as meetings from "./club-meetings.service.ts";
import * as membership from "./club-membership.service.ts";
import * as moderation from "./club-moderation.service.ts";
import * as polls from "./club-polls.service.ts";
import * as posts from "./club-posts.service.ts";
import * as reads from "./club-reads.service.ts";

export const clubsRouter = router({
  /** Clubs the caller is in, asked to join or was invited to. Live. */
  listMyClubs: authedProcedure.query(({ ctx }) => lists.listMyClubs(ctx.deps, ctx.user)),
  /** Public and private clubs to find. Live. */
  discoverClubs: authedProcedure
    .input(discoverClubsInput)
    .query(({ ctx, input }) => lists.discoverClubs(ctx.deps, ctx.user, input)),
  /** One club as the caller may see it, with its current read and schedule. Live. */
  getClub: authedProcedure
    .input(clubIdInput)
    .query(({ ctx, input }) => lists.getClub(ctx.deps, ctx.user, input.clubId)),
  /** Members with their progress; moderators also see requests and invitations. Live. */
  listClubMembers: authedProcedure
    .input(clubIdInput)
    .query(({ ctx, input }) => lists.listClubMembers(ctx.deps, ctx.user, input.clubId)),
  createClub: authedProcedure
    .input(createClubInput)
    .mutation(({ ctx, input }) => lifecycle.createClub(ctx.deps, ctx.user, input)),
  updateClub: authedProcedure
    .input(updateClubInput)
    .mutation(({ ctx, input }) => lifecycle.updateClub(ctx.deps, ctx.user, input)),
  deleteClub: authedProcedure
    .input(clubIdInput)
    .mutation(({ ctx, input }) => lifecycle.deleteClub(ctx.deps, ctx.user, input.clubId)),
  renewInviteCode: authedProcedure
    .input(clubIdInput)
    .mutation(({ ctx, input }) => lifecycle.renewInviteCode(ctx.deps, ctx.user, input.clubId)),
  joinClub: authedProcedure
    .input(clubIdInput)
    .mutation(({ ctx, input }) => membership.joinClub(ctx.deps, ctx.user, input.clubId)),
  joinClubByInvite: authedProcedure
    .input(joinByCodeInput)
    .mutation(({ ctx, input }) => membership.joinByInviteCode(ctx.deps, ctx.user, input.code)),
  /** Leave, cancel one's request or decline an invitation. */
  leaveClub: authedProcedure
    .input(clubIdInput)
    .mutation(({ ctx, input }) => membership.leaveClub(ctx.deps, ctx.user, input.clubId)),
  inviteToClub: authedProcedure
    .meta({ rateLimit: "friend_request" })
    .input(clubMemberInput)
    .mutation(({ ctx, input }) => membership.inviteToClub(ctx.deps, ctx.user, input.clubId, input.userId)),
  approveJoinRequest: authedProcedure
    .input(clubMemberInput)
    .mutation(({ ctx, input }) =>
      membership.approveJoinRequest(ctx.deps, ctx.user, input.clubId, input.userId),
    ),
  declineJoinRequest: authedProcedure
    .input(clubMemberInput)
    .mutation(({ ctx, input }) =>
      membership.declineJoinRequest(ctx.deps, ctx.user, input.clubId, input.userId),
    ),
  removeClubMember: authedProcedure
    .input(clubMemberInput)
    .mutation(({ ctx, input }) => moderation.removeMember(ctx.deps, ctx.user, input.clubId, input.userId)),
  muteClubMember: authedProcedure
    .input(muteMemberInput)
    .mutation(({ ctx, input }) => moderation.muteMember(ctx.deps, ctx.user, input)),
  setClubMemberRole: authedProcedure
    .input(setMemberRoleInput)
    .mutation(({ ctx, input }) =>
      moderation.setMemberRole(ctx.deps, ctx.user, input.clubId, input.userId, input.role),
    ),
  transferClubOwnership: authedProcedure
    .input(clubMemberInput)
    .mutation(({ ctx, input }) =>
      moderation.transferOwnership(ctx.deps, ctx.user, input.clubId, input.userId),
    ),
  setCurrentRead: authedProcedure
    .input(setCurrentReadInput)
    .mutation(({ ctx, input }) => reads.setCurrentRead(ctx.deps, ctx.user, input)),
  finishCurrentRead: authedProcedure
    .input(clubIdInput)
    .mutation(({ ctx, input }) => reads.finishCurrentRead(ctx.deps, ctx.user, input.clubId)),
  rateClubRead: authedProcedure
    .input(rateReadInput)
    .mutation(({ ctx, input }) => reads.rateRead(ctx.deps, ctx.user, input)),
  listPastReads: authedProcedure
    .input(clubIdInput)
    .query(({ ctx, input }) => reads.listPastReads(ctx.deps, ctx.user, input.clubId)),
  /** The general board or a milestone's thread, newest first; spoilers hidden by the caller's own progress. Live. */
  listClubPosts: authedProcedure
    .input(listClubPostsInput)
    .query(({ ctx, input }) => posts.listClubPosts(ctx.deps, ctx.user, input)),
  createClubPost: authedProcedure
    .meta({ rateLimit: "message" })
    .input(createClubPostInput)
    .mutation(({ ctx, input }) => posts.createClubPost(ctx.deps, ctx.user, input)),
  deleteClubPost: authedProcedure
    .input(clubPostInput)
    .mutation(({ ctx, input }) => posts.deleteClubPost(ctx.deps, ctx.user, input.postId)),
  pinClubPost: authedProcedure
    .input(setPostFlagInput)
    .mutation(({ ctx, input }) =>
      posts.setPostFlag(ctx.deps, ctx.user, input.postId, "isPinned", input.value),
    ),
  lockClubPost: authedProcedure
    .input(setPostFlagInput)
    .mutation(({ ctx, input }) =>
      posts.setPostFlag(ctx.deps, ctx.user, input.postId, "isLocked", input.value),
    ),
  reactToClubPost: authedProcedure
    .input(reactToPostInput)
    .mutation(({ ctx, input }) => posts.reactToPost(ctx.deps, ctx.user, input)),
  revealClubSpoiler: authedProcedure
    .input(clubPostInput)
    .mutation(({ ctx, input }) => posts.revealSpoiler(ctx.deps, ctx.user, input.postId)),
  reportClubPost: authedProcedure
    .input(reportClubPostInput)
    .mutation(({ ctx, input }) => posts.reportClubPost(ctx.deps, ctx.user, input)),
  /** The newest polls; results once each closes. Live. */
  listClubPolls: authedProcedure
    .input(clubIdInput)
    .query(({ ctx, input }) => polls.listPolls(ctx.deps, ctx.user, input.clubId)),
  createClubPoll: authedProcedure
    .input(createPollInput)
    .mutation(({ ctx, input }) => polls.createPoll(ctx.deps, ctx.user, input)),
  voteClubPoll: authedProcedure
    .input(votePollInput)
    .mutation(({ ctx, input }) => polls.votePoll(ctx.deps, ctx.user, input)),
  closeClubPoll: authedProcedure
    .input(pollIdInput)
    .mutation(({ ctx, input }) => polls.closePoll(ctx.deps, ctx.user, input.pollId)),
  deleteClubPoll: authedProcedure
    .input(pollIdInput)
    .mutation(({ ctx, input }) => polls.deletePoll(ctx.deps, ctx.user, input.pollId)),
  /** Meetings not over yet, soonest first. Live. */
  listClubMeetings: authedProcedure
    .input(clubIdInput)
    .query(({ ctx, input }) => meetings.listMeetings(ctx.deps, ctx.user, input.clubId)),
  createClubMeeting: authedProcedure
    .input(createMeetingInput)
    .mutation(({ ctx, input }) => meetings.createMeeting(ctx.deps, ctx.user, input)),
  answerClubMeeting: authedProcedure
    .input(rsvpInput)
    .mutation(({ ctx, input }) => meetings.answerMeeting(ctx.deps, ctx.user, input)),
  deleteClubMeeting: authedProcedure
    .input(meetingIdInput)
    .mutation(({ ctx, input }) => meetings.deleteMeeting(ctx.deps, ctx.user, input.meetingId)),
});
