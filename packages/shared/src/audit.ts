// The audit trail as the admin area shows it.

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one export holds; narrow the filters for more. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

export interface AuditChange {
  objectType: string;
  objectId: string;
  before: unknown;
  after: unknown;
}

export interface AuditEvent {
  _id: string;
  at: string;
  source: "app" | "cli";
  actorId: string | null;
  actorLabel: string;
  action: string;
  section: string | null;
  objectType: string | null;
  objectId: string | null;
  input: unknown;
  changes: AuditChange[];
  address: string | null;
  device: string | null;
}

export interface AuditPage {
  events: AuditEvent[];
  nextCursor: string | null;
}
