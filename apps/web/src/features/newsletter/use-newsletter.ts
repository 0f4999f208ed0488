// The newsletter's issues as the team sees them (kept live: another administrator's save, a
// schedule coming due, the sending's progress show at once), saving, scheduling and stopping
// them, the team's time zone, and whether this administrator may change anything (manage) or
// only look (view).
import type { NewsletterIssue } from "@litverse/shared/mail";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminPermissions } from "../../lib/auth/use-admin-permissions.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import type { SaveInput } from "./composer/composer-values.ts";
import type { ZonedDateTime } from "./schedule-time.ts";

export function useCanManageNewsletter(): boolean {
  return useAdminPermissions().data?.grants.newsletter === "manage";
}

export function useNewsletterOverview() {
  return useLiveQuery(trpc.newsletter.getOverview.queryOptions());
}

export function useIssue(issueId: string | null) {
  return useLiveQuery({
    ...trpc.newsletter.getIssue.queryOptions({ issueId: issueId ?? "" }),
    enabled: issueId !== null,
  });
}

export function useIssueReport(issueId: string | null) {
  return useLiveQuery({
    ...trpc.newsletter.getIssueReport.queryOptions({ issueId: issueId ?? "" }),
    enabled: issueId !== null,
  });
}

/** After a change: the list and the issue follow live; asking again covers a socket that missed it. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (issue?: NewsletterIssue) => {
    if (issue) queryClient.setQueryData(trpc.newsletter.getIssue.queryKey({ issueId: issue._id }), issue);
    void queryClient.invalidateQueries(trpc.newsletter.getOverview.queryFilter());
  };
}

/** Saves an issue (a new draft without its id) and returns it as stored; throws the refusal. */
export function useSaveIssue() {
  const save = useMutation(trpc.newsletter.saveIssue.mutationOptions());
  const refresh = useRefresh();
  return {
    save: async (input: SaveInput): Promise<NewsletterIssue> => {
      const issue = await save.mutateAsync(input);
      refresh(issue);
      return issue;
    },
    isSaving: save.isPending,
  };
}

export function useDeleteIssue() {
  const remove = useMutation(trpc.newsletter.deleteIssue.mutationOptions());
  const refresh = useRefresh();
  return async (issueId: string) => {
    await remove.mutateAsync({ issueId });
    refresh();
    toast.success("Draft deleted.");
  };
}

/** Schedules an issue for a time on the team's clock, or sends it now (null); throws the refusal. */
export function useScheduleIssue() {
  const schedule = useMutation(trpc.newsletter.scheduleIssue.mutationOptions());
  const refresh = useRefresh();
  return async (issueId: string, sendAt: ZonedDateTime | null) => {
    const issue = await schedule.mutateAsync({ issueId, sendAt });
    refresh(issue);
    toast.success(sendAt ? "Scheduled." : "Sending now.");
    return issue;
  };
}

export type IssueAction = "pause" | "resume" | "cancel";

const DONE: Record<IssueAction, string> = {
  pause: "Paused: nothing more goes out until you resume.",
  resume: "Resumed.",
  cancel: "Cancelled: nothing more goes out.",
};

/** Pauses, resumes or cancels an issue; throws the refusal for the button's dialog. */
export function useIssueAction() {
  const pause = useMutation(trpc.newsletter.pauseIssue.mutationOptions());
  const resume = useMutation(trpc.newsletter.resumeIssue.mutationOptions());
  const cancel = useMutation(trpc.newsletter.cancelIssue.mutationOptions());
  const refresh = useRefresh();
  const calls = { pause, resume, cancel };
  return {
    run: async (issueId: string, action: IssueAction) => {
      const issue = await calls[action].mutateAsync({ issueId });
      refresh(issue);
      toast.success(DONE[action]);
    },
    isPending: pause.isPending || resume.isPending || cancel.isPending,
  };
}

/** The team's time zone; throws the refusal for the form. */
export function useSaveNewsletterSettings() {
  const save = useMutation(trpc.newsletter.setNewsletterSettings.mutationOptions());
  const refresh = useRefresh();
  return {
    save: async (timeZone: string) => {
      await save.mutateAsync({ timeZone });
      refresh();
      toast.success("Time zone saved.");
    },
    isSaving: save.isPending,
  };
}
