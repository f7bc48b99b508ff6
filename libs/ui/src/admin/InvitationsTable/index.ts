export { InvitationsTable } from './InvitationsTable';
export type { InvitationsTableProps } from './InvitationsTable';
