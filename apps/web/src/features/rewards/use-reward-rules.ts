// The reward rules, live, and changing one: what the change would have granted over the last week
// (replayed by the server over the same activity), then the change itself.
import type { RewardRuleKey } from "@litverse/shared/rewards";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { describeError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import { ruleLabel } from "./reward-labels.ts";

export function useRewardRules() {
  return useLiveQuery(trpc.rewards.listRules.queryOptions());
}

export function useUpdateRule() {
  const save = useMutation(trpc.rewards.updateRule.mutationOptions());
  return {
    /** `onFailed` gets messages per field, and a message for the form when no field has one. */
    update: (
      change: inferInput<typeof trpc.rewards.updateRule>,
      {
        onSaved,
        onFailed,
      }: {
        onSaved: () => void;
        onFailed: (fieldErrors: Record<string, string[] | undefined>, message: string | null) => void;
      },
    ) =>
      save.mutate(change, {
        onSuccess: () => {
          toast.success(`${ruleLabel(change.key)} changed`);
          onSaved();
        },
        onError: (error) => {
          const details = describeError(error, "Could not change the rule.");
          onFailed(details.fieldErrors ?? {}, details.fieldErrors ? null : details.message);
        },
      }),
    isPending: save.isPending,
  };
}

export interface ProposedRule {
  key: RewardRuleKey;
  /** Null while the field does not hold a whole number. */
  amount: number | null;
  dailyCap: number | null;
}

/**
 * What `rule` would have granted, asked for once it is complete (whole numbers where it needs
 * them); a new proposal keeps the last answer shown until its own arrives.
 */
export function useRulePreview(rule: ProposedRule) {
  const isXp = rule.key.startsWith("xp_");
  const isComplete = rule.amount !== null && (!isXp || rule.dailyCap !== null);
  const preview = useQuery({
    ...trpc.rewards.previewRuleChange.queryOptions({
      key: rule.key,
      amount: rule.amount ?? 0,
      ...(isXp ? { dailyCap: rule.dailyCap ?? 0 } : {}),
    }),
    enabled: isComplete,
    placeholderData: keepPreviousData,
  });
  const failure = preview.isError
    ? describeError(preview.error, "Could not work out the preview.").message
    : null;
  return { preview, isComplete, failure };
}
