// What the audit module offers the rest of the server; everything else in this folder is its own.
export { listAuditEvents, recordAuditEvent } from "./audit.service.ts";
