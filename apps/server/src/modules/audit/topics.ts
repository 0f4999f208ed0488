// The live topics of the audit trail.

/** A new entry in the audit trail. */
export const AUDIT_TOPIC = "audit";
