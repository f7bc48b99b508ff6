export { AuditLogTable } from './AuditLogTable';
export { AuditLogFilters } from './AuditLogFilters';
export type { AuditLogFilterValues } from './AuditLogFilters';
export { AuditRecentList } from './AuditRecentList';
