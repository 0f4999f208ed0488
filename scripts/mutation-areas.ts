// The areas of mutation testing: code where a bug costs people money or privacy, each with the
// test files that must catch its mutants (stryker.config.mjs, scripts/mutation.ts).

export interface MutationArea {
  /** Files whose mutants are made. */
  mutate: string[];
  /** The only tests run against them; tests with timing thresholds stay out (instrumented code is slower). */
  testFiles: string[];
}

export const MUTATION_AREAS: Record<string, MutationArea> = {
  coins: {
    mutate: ["apps/server/src/modules/coins/ledger.ts", "apps/server/src/modules/coins/coins.service.ts"],
    testFiles: ["apps/server/src/modules/coins/*.test.ts"],
  },
  unlocks: {
    mutate: ["apps/server/src/modules/unlocks/unlocks.service.ts"],
    testFiles: ["apps/server/src/modules/unlocks/*.test.ts"],
  },
  payments: {
    mutate: [
      "apps/server/src/modules/payments/payments.service.ts",
      "apps/server/src/modules/payments/webhooks.ts",
      // What a paid coin package credits: the coins module's handler, reached through payments.
      "apps/server/src/modules/coins/coin-purchases.ts",
      "apps/server/src/modules/payments/providers/signatures.ts",
      "apps/server/src/modules/payments/providers/stripe.ts",
      "apps/server/src/modules/payments/providers/paystack.ts",
    ],
    testFiles: ["apps/server/src/modules/payments/**/*.test.ts"],
  },
  subscriptions: {
    mutate: [
      "apps/server/src/modules/subscriptions/subscriptions.service.ts",
      "apps/server/src/modules/subscriptions/subscription-payments.ts",
      "apps/server/src/modules/subscriptions/periods.ts",
    ],
    testFiles: ["apps/server/src/modules/subscriptions/*.test.ts"],
  },
  rewards: {
    mutate: [
      "apps/server/src/modules/rewards/grants.ts",
      "apps/server/src/modules/rewards/check-in.ts",
      "apps/server/src/modules/rewards/earning.ts",
      "apps/server/src/modules/rewards/active-time.ts",
      "apps/server/src/modules/rewards/xp.ts",
      "apps/server/src/modules/rewards/streaks.ts",
    ],
    testFiles: ["apps/server/src/modules/rewards/*.test.ts"],
  },
  "club-access": {
    mutate: ["apps/server/src/modules/clubs/club-access.ts", "packages/shared/src/club-rights.ts"],
    testFiles: ["apps/server/src/modules/clubs/*.test.ts", "packages/shared/src/club-rights.test.ts"],
  },
  messages: {
    mutate: [
      "apps/server/src/modules/messages/conversations.ts",
      "apps/server/src/modules/messages/topics.ts",
      "apps/server/src/modules/messages/inbox.service.ts",
      "apps/server/src/modules/messages/conversation.service.ts",
      "apps/server/src/modules/messages/message-sending.service.ts",
      "apps/server/src/modules/messages/conversation-state.service.ts",
      "apps/server/src/modules/messages/message-deletion.service.ts",
      "apps/server/src/modules/messages/message-reports.service.ts",
    ],
    testFiles: ["apps/server/src/modules/messages/*.test.ts"],
  },
  support: {
    mutate: ["apps/server/src/modules/support/support.service.ts"],
    testFiles: ["apps/server/src/modules/support/*.test.ts"],
  },
  "story-expressions": {
    mutate: [
      "packages/shared/src/stories/story-expressions.ts",
      "packages/shared/src/stories/story-expression-format.ts",
      "packages/shared/src/stories/story-expression-eval.ts",
      "packages/shared/src/stories/story-expression-effects.ts",
    ],
    testFiles: ["packages/shared/src/stories/story-{expressions,expressions-rules,validation}.test.ts"],
  },
};
