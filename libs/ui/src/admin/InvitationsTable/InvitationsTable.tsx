import { formatDateTime, type Invite } from '@pando/domain';
import { AdminTable, type AdminColumn, type AdminSort } from '../AdminTable';

export interface InvitationsTableProps {
  /** Pending invitations loaded so far (at most 1000, spec 02 §9). */
  invites: readonly Invite[];
  /** Selected invitation ids (Rescind, Generate code). */
  selectedIds: readonly number[];
  /** The selection changed. */
  onSelectionChange: (ids: number[]) => void;
  /** The sort; -sent_at by default (spec 02 §2). */
  sort: AdminSort;
  /** A header was pressed. */
  onSortChange: (sort: AdminSort) => void;
  /** More pages exist (page size 10). */
  hasMore: boolean;
  /** A further page is loading. @default false */
  loadingMore?: boolean;
  /** Loads the next page. */
  onLoadMore: () => void;
  /** The first page is loading. @default false */
  loading?: boolean;
  /** Why the list failed. */
  error?: string | null;
}

/** Invitations of /manage/users/invitations: Email, Approved By, Invitation sent. */
export function InvitationsTable({ invites, ...rest }: InvitationsTableProps) {
  const columns: AdminColumn<Invite>[] = [
    { key: 'email', header: 'Email', sortable: true, render: (i) => i.email },
    { key: 'approved_by_name', header: 'Approved By', render: (i) => i.approved_by_name ?? '' },
    {
      key: 'sent_at',
      header: 'Invitation sent',
      sortable: true,
      render: (i) => formatDateTime(new Date(i.sent_at)),
    },
  ];
  return (
    <AdminTable
      caption="Invitations"
      columns={columns}
      rows={invites}
      getRowId={(i) => i.id}
      getRowLabel={(i) => i.email}
      emptyText="No pending invitations."
      minWidth={520}
      {...rest}
    />
  );
}
