// The audit trail's view from inside a service. Every administrator's change (and every command
// line command that changes data) is recorded by whoever runs it, the transport or the command
// line, with who, what and from where; a service only adds the change itself, each object's state
// before and after, through `noteChange`. A service run outside such a scope (a person's own call,
// a background job) notes nothing.
import { AsyncLocalStorage } from "node:async_hooks";

/** One object changed by an audited action. */
export interface AuditedChange {
  /** The kind of thing changed: "content", "episode", "user", "admin-permissions", … */
  objectType: string;
  objectId: string;
  /** Its state before (null when it was created) and after (null when it was deleted). */
  before: unknown;
  after: unknown;
}

const auditScope = new AsyncLocalStorage<AuditedChange[]>();

/** Runs `work` collecting the changes the services it calls note; returns both. */
export async function collectChanges<T>(
  work: () => Promise<T>,
): Promise<{ result: T; changes: AuditedChange[] }> {
  const changes: AuditedChange[] = [];
  const result = await auditScope.run(changes, work);
  return { result, changes };
}

/** Records the before and after of one object the current audited action changed. */
export function noteChange(change: AuditedChange): void {
  auditScope.getStore()?.push(change);
}
