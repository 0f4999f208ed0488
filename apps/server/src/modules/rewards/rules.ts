// What each reward is worth: the defaults, as changed by administrators.
import {
  DEFAULT_REWARD_RULES,
  REWARD_RULE_KEYS,
  type RewardRule,
  type RewardRuleKey,
  ruleKindOf,
  type XpSource,
  xpRuleKey,
} from "@litverse/shared/rewards";
import type { updateRewardRuleInput } from "@litverse/shared/rewards-inputs";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import type { Executor } from "../../core/db/client.ts";
import { ALL_TOPICS, track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { rewardRules } from "./schema.ts";
import { REWARD_RULES_TOPIC } from "./topics.ts";
import type { XpRule } from "./xp.ts";

export interface RuleView extends RewardRule {
  defaultAmount: number;
  defaultDailyCap: number | null;
}

export type Rules = Map<RewardRuleKey, RewardRule>;

interface RulesCache {
  value: Promise<Rules> | null;
}

const caches = new WeakMap<ServiceDeps, RulesCache>();

function cacheOf(deps: ServiceDeps): RulesCache {
  let cache = caches.get(deps);
  if (!cache) {
    const created: RulesCache = { value: null };
    deps.changes.subscribe((topics) => {
      if (topics.includes(REWARD_RULES_TOPIC) || topics.includes(ALL_TOPICS)) created.value = null;
    });
    caches.set(deps, created);
    cache = created;
  }
  return cache;
}

/**
 * The rules in force. Every recorded reading position asks, so they are read once and kept until
 * a change to them is announced, by this process or another. Inside a transaction, pass it: a read
 * beside it would wait for it on a single-connection database.
 */
export async function loadRules(deps: ServiceDeps, db: Executor = deps.db): Promise<Rules> {
  const cache = cacheOf(deps);
  cache.value ??= readRules(db).catch((error: unknown) => {
    cache.value = null;
    throw error;
  });
  return cache.value;
}

async function readRules(db: Executor): Promise<Rules> {
  const rows = await db.select().from(rewardRules);
  const changed = new Map(rows.map((row) => [row.key, row]));
  return new Map(
    REWARD_RULE_KEYS.map((key) => {
      const rule = changed.get(key) ?? DEFAULT_REWARD_RULES[key];
      const kind = ruleKindOf(key);
      return [key, { key, kind, amount: rule.amount, dailyCap: kind === "xp" ? (rule.dailyCap ?? 0) : null }];
    }),
  );
}

export function amountOf(rules: Rules, key: RewardRuleKey): number {
  return rules.get(key)?.amount ?? DEFAULT_REWARD_RULES[key].amount;
}

export function xpRuleOf(rules: Rules, source: XpSource): XpRule {
  const rule = rules.get(xpRuleKey(source));
  return { amount: rule?.amount ?? 0, dailyCap: rule?.dailyCap ?? 0 };
}

export async function listRules(deps: ServiceDeps): Promise<RuleView[]> {
  track(REWARD_RULES_TOPIC);
  const rules = await readRules(deps.db);
  return REWARD_RULE_KEYS.map((key) => {
    const rule = rules.get(key) as RewardRule;
    return {
      ...rule,
      defaultAmount: DEFAULT_REWARD_RULES[key].amount,
      defaultDailyCap: DEFAULT_REWARD_RULES[key].dailyCap,
    };
  });
}

/** Takes effect for what is earned from now on; nothing granted before changes. */
export async function updateRule(
  deps: ServiceDeps,
  admin: SessionUser,
  input: z.output<typeof updateRewardRuleInput>,
): Promise<void> {
  const values = {
    amount: input.amount,
    dailyCap: ruleKindOf(input.key) === "xp" ? (input.dailyCap ?? 0) : null,
    updatedBy: admin.id,
    updatedAt: new Date(),
  };
  await deps.changes.inTransaction(deps.db, async (tx) => {
    // The rule in force before: the default until an administrator first changed it.
    const before = (await readRules(tx)).get(input.key);
    await tx
      .insert(rewardRules)
      .values({ key: input.key, ...values })
      .onConflictDoUpdate({ target: rewardRules.key, set: values });
    deps.changes.changed(REWARD_RULES_TOPIC);
    noteChange({
      objectType: "reward-rule",
      objectId: input.key,
      before: before ? { amount: before.amount, dailyCap: before.dailyCap } : null,
      after: { amount: values.amount, dailyCap: values.dailyCap },
    });
  });
  // This process's own callers see the change at once, before the announcement goes round.
  cacheOf(deps).value = null;
}
