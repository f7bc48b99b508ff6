import { Anchor, Badge, Text } from '@mantine/core';
import { TEXTS, type AuditEventRow } from '@pando/domain';
import { interceptPlainClick } from '../../common/navigation';
import { AdminTable, type AdminColumn } from '../AdminTable';
import { actionText, detailText, outcomeText, resourceLine, whenText, whoText } from './auditWords';

export interface AuditLogTableProps {
  /** The events loaded so far, newest first. */
  events: readonly AuditEventRow[];
  /** Opens a person's page (/manage/users/{id}) through the router (the Who link). */
  onOpenUser?: (href: string) => void;
  /** More pages exist. */
  hasMore: boolean;
  /** A further page is loading. @default false */
  loadingMore?: boolean;
  /** Loads the next page. */
  onLoadMore: () => void;
  /** The first page is loading. @default false */
  loading?: boolean;
  /** Why the log could not be loaded, as a sentence. */
  error?: string | null;
}

/**
 * The audit trail (issue 36, /manage/audit): when (dd/mm/yyyy HH:mm), who (their name, a link to
 * their page), the action in words, the resource, the patient, the outcome, from where (the
 * address the server saw; the browser on hover) and the detail, such as the address an email
 * went to. On a phone each event is a card of "column: value" lines (AdminTable).
 */
export function AuditLogTable({ events, onOpenUser, ...rest }: AuditLogTableProps) {
  const columns: AdminColumn<AuditEventRow>[] = [
    {
      key: 'at',
      header: 'When',
      render: (e) => (
        <time dateTime={e.at} style={{ whiteSpace: 'nowrap' }}>
          {whenText(e)}
        </time>
      ),
    },
    {
      key: 'who',
      header: 'Who',
      render: (e) => {
        if (e.user_id === null) return whoText(e);
        const href = `/manage/users/${String(e.user_id)}`;
        return (
          <Anchor
            href={href}
            size="sm"
            onClick={(event) => {
              interceptPlainClick(event, href, onOpenUser);
            }}
          >
            {whoText(e)}
          </Anchor>
        );
      },
    },
    { key: 'action', header: 'Action', render: (e) => actionText(e.action) },
    { key: 'resource', header: 'Resource', render: (e) => resourceLine(e) },
    {
      key: 'patient',
      header: 'Patient',
      render: (e) => (e.patient_id === null ? '' : String(e.patient_id)),
    },
    {
      key: 'outcome',
      header: 'Outcome',
      render: (e) => (
        <Badge
          variant="light"
          tt="none"
          color={e.outcome === 'allowed' ? 'teal.9' : 'red.9'}
          style={{ whiteSpace: 'nowrap' }}
        >
          {outcomeText(e)}
        </Badge>
      ),
    },
    {
      key: 'from',
      header: 'From where',
      render: (e) => (
        <Text size="sm" title={e.user_agent ?? undefined}>
          {e.client_ip ?? ''}
        </Text>
      ),
    },
    {
      key: 'detail',
      header: 'Detail',
      render: (e) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: '12rem' }}>
          {detailText(e.detail)}
        </Text>
      ),
    },
  ];
  return (
    <AdminTable
      caption={TEXTS.auditLogTitle}
      columns={columns}
      rows={events}
      getRowId={(e) => e.id}
      emptyText={TEXTS.auditLogEmpty}
      minWidth={1000}
      {...rest}
    />
  );
}
