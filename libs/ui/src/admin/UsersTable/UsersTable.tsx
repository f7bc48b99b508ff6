import { Anchor } from '@mantine/core';
import { formatDate, type AdminUserRow, displayName } from '@pando/domain';
import { interceptPlainClick } from '../../common/navigation';
import { AdminTable, type AdminColumn, type AdminSort } from '../AdminTable';

export interface UsersTableProps {
  /** The users loaded so far. */
  users: readonly AdminUserRow[];
  /** Selected user ids (Transfer, Delete and Generate code act on them). */
  selectedIds: readonly number[];
  /** The selection changed. */
  onSelectionChange: (ids: number[]) => void;
  /** The sort; `name` sorts by last name (spec 02 §2). */
  sort: AdminSort;
  /** A header was pressed. */
  onSortChange: (sort: AdminSort) => void;
  /** Opens /manage/users/{id} through the router (the Name link). */
  onOpenUser?: (href: string) => void;
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

/** Users of /manage/users (spec 02 §2): Name (a link), Role, Speciality, Email, Join Date. */
export function UsersTable({ users, onOpenUser, ...rest }: UsersTableProps) {
  const columns: AdminColumn<AdminUserRow>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (u) => {
        const href = `/manage/users/${String(u.id)}`;
        return (
          <Anchor
            href={href}
            size="sm"
            onClick={(e) => {
              interceptPlainClick(e, href, onOpenUser);
            }}
          >
            {displayName(u)}
          </Anchor>
        );
      },
    },
    { key: 'role', header: 'Role', render: (u) => u.role?.description ?? u.role?.role ?? '' },
    { key: 'speciality', header: 'Speciality', sortable: true, render: (u) => u.speciality ?? '' },
    { key: 'email', header: 'Email', sortable: true, render: (u) => u.email },
    {
      key: 'joined_at',
      header: 'Join Date',
      sortable: true,
      render: (u) => (u.joined_at ? formatDate(new Date(u.joined_at)) : ''),
    },
  ];
  return (
    <AdminTable
      caption="Users"
      columns={columns}
      rows={users}
      getRowId={(u) => u.id}
      getRowLabel={(u) => displayName(u)}
      emptyText="No users match."
      {...rest}
    />
  );
}
