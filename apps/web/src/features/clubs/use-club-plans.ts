// A club's meetings and polls, live, and what members and moderators do with them.
import type { ClubPollKind, ClubRsvp } from "@litverse/shared/clubs";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { describeError, type ErrorDetails, toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

const onError = (error: unknown) => void toastError(error);

/** The viewer's time zone: the one in their profile, else the browser's. */
export function useTimeZone(): string {
  const profile = useQuery(trpc.profiles.getMyProfile.queryOptions());
  return profile.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function useClubMeetings(clubId: string) {
  return useLiveQuery(trpc.clubs.listClubMeetings.queryOptions({ clubId }));
}

/** Answering a meeting, and cancelling it (moderators; throws on failure, for its confirm dialog). */
export function useMeetingActions(meetingId: string) {
  const answer = useMutation(trpc.clubs.answerClubMeeting.mutationOptions());
  const remove = useMutation(trpc.clubs.deleteClubMeeting.mutationOptions());
  return {
    answer: (response: ClubRsvp) => answer.mutate({ meetingId, response }, { onError }),
    cancel: () => remove.mutateAsync({ meetingId }),
  };
}

/** The meeting form's fields as they are typed. */
export interface MeetingFields {
  title: string;
  /** A datetime-local value. */
  startsAt: string;
  /** Minutes. */
  duration: string;
  onlineUrl: string;
  place: string;
}

export function usePlanMeeting(clubId: string) {
  const create = useMutation(trpc.clubs.createClubMeeting.mutationOptions());
  return {
    /** A start that is not a time fails here too, with the same message. */
    plan: async (
      fields: MeetingFields,
      { onPlanned, onFailed }: { onPlanned: () => void; onFailed: (details: ErrorDetails) => void },
    ) => {
      try {
        await create.mutateAsync({
          clubId,
          title: fields.title,
          // The field is in the planner's local time; the server keeps the instant.
          startsAt: new Date(fields.startsAt).toISOString(),
          durationMinutes: Number(fields.duration),
          onlineUrl: fields.onlineUrl.trim() || null,
          place: fields.place.trim() || null,
        });
        onPlanned();
      } catch (error) {
        onFailed(describeError(error, "Could not plan the meeting."));
      }
    },
    isPlanning: create.isPending,
  };
}

export function useClubPolls(clubId: string) {
  const polls = useLiveQuery(trpc.clubs.listClubPolls.queryOptions({ clubId }));
  const queryClient = useQueryClient();
  // A poll closes by its deadline without anyone writing: look again when the next one is due.
  const nextClose = Math.min(
    ...(polls.data ?? []).filter((poll) => !poll.isClosed).map((poll) => Date.parse(poll.closesAt)),
  );
  useEffect(() => {
    if (!Number.isFinite(nextClose)) return;
    const timer = setTimeout(
      () =>
        void queryClient.invalidateQueries({
          queryKey: trpc.clubs.listClubPolls.queryKey({ clubId }),
        }),
      Math.min(Math.max(0, nextClose - Date.now()) + 500, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [nextClose, clubId, queryClient]);
  return polls;
}

export function useClosePoll(pollId: string) {
  const close = useMutation(trpc.clubs.closeClubPoll.mutationOptions());
  return () => close.mutate({ pollId }, { onError });
}

export function useVote(pollId: string) {
  const vote = useMutation(trpc.clubs.voteClubPoll.mutationOptions());
  return {
    vote: (choices: string[]) => vote.mutate({ pollId, choices }, { onError }),
    isVoting: vote.isPending,
  };
}

/** The poll form's fields: it closes `days` days from when it is opened; empty choices are left out. */
export interface PollFields {
  question: string;
  kind: ClubPollKind;
  isAnonymous: boolean;
  days: string;
  /** `contentId` for a catalogue title, for a poll on the next read. */
  options: { label: string; contentId: string | null }[];
}

export function useOpenPoll(clubId: string) {
  const create = useMutation(trpc.clubs.createClubPoll.mutationOptions());
  return {
    open: async (
      { question, kind, isAnonymous, days, options }: PollFields,
      { onOpened, onFailed }: { onOpened: () => void; onFailed: (details: ErrorDetails) => void },
    ) => {
      try {
        await create.mutateAsync({
          clubId,
          question,
          kind,
          isAnonymous,
          closesAt: new Date(Date.now() + Number(days) * 86_400_000).toISOString(),
          options: options.filter((option) => option.label.trim() || option.contentId),
        });
        onOpened();
      } catch (error) {
        onFailed(describeError(error, "Could not open the poll."));
      }
    },
    isOpening: create.isPending,
  };
}
