export { UsersTable } from './UsersTable';
export type { UsersTableProps } from './UsersTable';
