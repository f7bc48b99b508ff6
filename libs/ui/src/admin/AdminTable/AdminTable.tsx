import {
  Alert,
  Button,
  Center,
  Checkbox,
  Loader,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import './AdminTable.css';

/** One column of an admin table. */
export interface AdminColumn<T> {
  /** Stable key; also the sort field handed to `onSortChange`. */
  key: string;
  /** The header text. */
  header: string;
  /** The cell's content. */
  render: (row: T) => ReactNode;
  /** The header is a sort button. @default false */
  sortable?: boolean;
}

/** Current sort: a column key and a direction. */
export interface AdminSort {
  column: string;
  descending: boolean;
}

export interface AdminTableProps<T> {
  /** The table's accessible name (its caption, visually hidden), e.g. "Users". */
  caption: string;
  /** The columns, in order. */
  columns: readonly AdminColumn<T>[];
  /** The rows loaded so far (pages concatenated). */
  rows: readonly T[];
  /** A row's id (selection and React keys). */
  getRowId: (row: T) => number;
  /** How a row is named in its checkbox's label, e.g. the person's name. */
  getRowLabel?: (row: T) => string;
  /** Ids of the selected rows; leave out for a table without selection. */
  selectedIds?: readonly number[];
  /** The selection changed. */
  onSelectionChange?: (ids: number[]) => void;
  /** The sort shown in the headers. */
  sort?: AdminSort;
  /** A sortable header was pressed: the same column flips, another starts ascending. */
  onSortChange?: (sort: AdminSort) => void;
  /** More pages exist: a "Load more" button shows, pressed automatically when it scrolls into view. */
  hasMore?: boolean;
  /** A further page is loading. @default false */
  loadingMore?: boolean;
  /** Loads the next page (infinite loading). */
  onLoadMore?: () => void;
  /** The first page is loading. @default false */
  loading?: boolean;
  /** Why the list failed (spec 02 §4: "failure stores the error text"). */
  error?: string | null;
  /** Shown when there are no rows. @default 'Nothing to show.' */
  emptyText?: string;
  /**
   * Below this width the table scrolls sideways inside its own box (tablets); on a phone the rows
   * are cards instead (AdminTable.css). @default 640
   */
  minWidth?: number;
}

/**
 * The console's tables (users, invitations, teams, advice channels, networks, pagers): a real
 * `<table>` with a caption, optional row selection, sortable headers and infinite loading. On a
 * phone (below `LAYOUT.splitFrom`) each row reads as a card of "column: value" lines, so every
 * column and status badge shows at first sight; the table stays in its own focusable box, and the
 * page itself never scrolls sideways.
 */
export function AdminTable<T>({
  caption,
  columns,
  rows,
  getRowId,
  getRowLabel,
  selectedIds,
  onSelectionChange,
  sort,
  onSortChange,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  loading = false,
  error = null,
  emptyText = 'Nothing to show.',
  minWidth = 640,
}: AdminTableProps<T>) {
  const selectable = selectedIds !== undefined && onSelectionChange !== undefined;
  const selected = new Set(selectedIds);
  const allIds = rows.map(getRowId);
  const allSelected = allIds.length > 0 && allIds.every((id) => selected.has(id));
  const someSelected = allIds.some((id) => selected.has(id));
  const toggle = (id: number) => {
    if (!onSelectionChange) return;
    onSelectionChange(selected.has(id) ? [...selected].filter((x) => x !== id) : [...selected, id]);
  };

  const sentinel = useRef<HTMLDivElement>(null);
  const canLoad = hasMore && !loadingMore && !loading && onLoadMore !== undefined;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onLoadMore();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, [canLoad, onLoadMore, rows.length]);

  if (error) {
    return (
      <Alert color="red" role="alert" title={`${caption} could not be loaded`}>
        {error}
      </Alert>
    );
  }
  return (
    <div>
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={`${caption} table`}
        className="pando-admin-table-scroll"
      >
        <Table striped highlightOnHover verticalSpacing="xs" className="pando-admin-table">
          <caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </caption>
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th w={44}>
                  <Checkbox
                    aria-label="Select all rows"
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={() => {
                      onSelectionChange(allSelected ? [] : allIds);
                    }}
                  />
                </Table.Th>
              )}
              {columns.map((col) => (
                <Table.Th
                  key={col.key}
                  aria-sort={
                    sort?.column === col.key
                      ? sort.descending
                        ? 'descending'
                        : 'ascending'
                      : undefined
                  }
                >
                  {col.sortable && onSortChange ? (
                    <UnstyledButton
                      fw={700}
                      fz="sm"
                      onClick={() => {
                        onSortChange({
                          column: col.key,
                          descending: sort?.column === col.key ? !sort.descending : false,
                        });
                      }}
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                    >
                      {col.header}
                      {sort?.column !== col.key ? (
                        <IconArrowsSort size={14} aria-hidden />
                      ) : sort.descending ? (
                        <IconArrowDown size={14} aria-hidden />
                      ) : (
                        <IconArrowUp size={14} aria-hidden />
                      )}
                    </UnstyledButton>
                  ) : (
                    col.header
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const id = getRowId(row);
              return (
                <Table.Tr key={id} data-selected={selected.has(id) || undefined}>
                  {selectable && (
                    <Table.Td data-label="">
                      <Checkbox
                        aria-label={`Select ${getRowLabel ? getRowLabel(row) : `row ${id}`}`}
                        checked={selected.has(id)}
                        onChange={() => {
                          toggle(id);
                        }}
                      />
                    </Table.Td>
                  )}
                  {/* Words stay whole and the table scrolls in its box: with overflow-wrap
                      anywhere the columns squeezed to fit `minWidth` and a phone read roles,
                      emails and dates cut mid-word ("Physiothe / rapist"). */}
                  {/* On a phone each cell shows its column's name before it (AdminTable.css). */}
                  {columns.map((col) => (
                    <Table.Td key={col.key} data-label={col.header}>
                      {col.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loading ? (
        <Center p="md" role="status">
          <Loader size="sm" aria-hidden />
          <VisuallyHidden>Loading {caption.toLowerCase()}…</VisuallyHidden>
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed" p="md">
          {emptyText}
        </Text>
      ) : null}
      {hasMore && onLoadMore && !loading && (
        <Center p="sm" ref={sentinel}>
          <Button variant="subtle" loading={loadingMore} onClick={onLoadMore}>
            Load more
          </Button>
        </Center>
      )}
    </div>
  );
}
