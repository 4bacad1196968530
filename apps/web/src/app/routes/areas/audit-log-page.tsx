import { AuditLogTable } from '../../../features/audit/components/audit-log-table';

/** /sys_admin/audit: who did what, when and from where. */
export function AuditLogPage() {
  return <AuditLogTable />;
}
