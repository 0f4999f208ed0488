// The validation issues arranged for drawing: per scene (its own and its choices'), per choice, and
// counted, so the graph can mark a scene or a choice without searching the list.
import type { StoryIssue } from "@litverse/shared/stories/story-validation";

export type IssueSeverity = StoryIssue["severity"];

export interface SceneIssueMark {
  severity: IssueSeverity;
  count: number;
}

export interface IssueIndex {
  issues: readonly StoryIssue[];
  byScene: ReadonlyMap<string, SceneIssueMark>;
  /** Keyed by choiceKey(sceneId, choiceId). */
  byChoice: ReadonlyMap<string, SceneIssueMark>;
  errorCount: number;
  warningCount: number;
}

export const choiceKey = (sceneId: string, choiceId: string) => `${sceneId}/${choiceId}`;

function add(map: Map<string, SceneIssueMark>, key: string, severity: IssueSeverity) {
  const mark = map.get(key);
  if (!mark) map.set(key, { severity, count: 1 });
  else map.set(key, { severity: mark.severity === "error" ? "error" : severity, count: mark.count + 1 });
}

export function indexIssues(issues: readonly StoryIssue[]): IssueIndex {
  const byScene = new Map<string, SceneIssueMark>();
  const byChoice = new Map<string, SceneIssueMark>();
  let errorCount = 0;
  for (const issue of issues) {
    if (issue.severity === "error") errorCount++;
    if (issue.sceneId === null) continue;
    add(byScene, issue.sceneId, issue.severity);
    if (issue.choiceId !== null) add(byChoice, choiceKey(issue.sceneId, issue.choiceId), issue.severity);
  }
  return { issues, byScene, byChoice, errorCount, warningCount: issues.length - errorCount };
}

/** "2 errors", "1 warning". */
export function countLabel(count: number, severity: IssueSeverity): string {
  return `${count} ${severity}${count === 1 ? "" : "s"}`;
}
