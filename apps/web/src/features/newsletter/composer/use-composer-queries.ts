// What the composer asks the server as the issue is written: the message as mail clients will
// show it, the number of people the audience holds now (kept live), what the audience can be
// chosen from, titles found by name, and a test sent to the administrator's own address.
import type { NewsletterSegment } from "@litverse/shared/mail";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useLiveQuery } from "../../../lib/live-query.ts";
import { toast } from "../../../lib/toast.ts";
import { trpc } from "../../../lib/trpc.ts";
import { useSettledValue } from "../../../lib/use-settled-value.ts";
import type { PreviewInput, TestInput } from "./composer-values.ts";

/** Waits for typing to pause; the last preview stays while the next is drawn. */
const PREVIEW_DELAY_MS = 400;

export function useIssuePreview(input: PreviewInput | null) {
  const settled = useSettledValue(input, PREVIEW_DELAY_MS);
  return useQuery({
    ...trpc.newsletter.previewIssue.queryOptions(settled ?? { subject: "", preheader: "", blocks: [] }),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAudienceEstimate(segment: NewsletterSegment | null) {
  const settled = useSettledValue(segment, PREVIEW_DELAY_MS);
  return useLiveQuery({
    ...trpc.newsletter.estimateAudience.queryOptions({ segment: settled ?? { kind: "everyone" } }),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAudienceOptions() {
  return useQuery(trpc.newsletter.getAudienceOptions.queryOptions());
}

export function useTitleSearch(query: string) {
  return useQuery({
    ...trpc.newsletter.searchTitles.queryOptions({ query }),
    // The results found so far stay while the next words are looked up.
    placeholderData: keepPreviousData,
  });
}

/** Sends the issue as it stands to the administrator's own address; throws the refusal. */
export function useSendTest() {
  const send = useMutation(trpc.newsletter.sendTestIssue.mutationOptions());
  return {
    send: async (input: TestInput) => {
      const { sentTo } = await send.mutateAsync(input);
      toast.success(`Test sent to ${sentTo}.`);
    },
    isSending: send.isPending,
  };
}
