export { AdminTable } from './AdminTable';
export type { AdminColumn, AdminSort, AdminTableProps } from './AdminTable';
