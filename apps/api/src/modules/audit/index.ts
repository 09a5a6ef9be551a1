/** The audit log: other modules record what staff read or changed of personal and payment data. */
export { recordAudit, type AuditEvent } from './audit';
export { auditLogPage, type AuditFilter } from './audit.queries';
