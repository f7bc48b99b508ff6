import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { TEXTS, type AuditEventRow } from '@pando/domain';
import { interceptPlainClick } from '../../common/navigation';
import { actionText, detailText, outcomeText, resourceLine, whenText } from './auditWords';

export interface AuditRecentListProps {
  /** The person's latest events, newest first. */
  events: readonly AuditEventRow[];
  /** The filtered audit log of the person (/manage/audit?user={id}). */
  href: string;
  /** Opens `href` through the router. */
  onNavigate?: (href: string) => void;
  /** The events are loading. @default false */
  loading?: boolean;
  /** Why they could not be loaded, as a sentence. */
  error?: string | null;
}

/**
 * A person's recent audited actions on their detail page (issue 36): a short list of "when —
 * action, resource" lines (refusals and detail after), and a link to the whole filtered log.
 */
export function AuditRecentList({
  events,
  href,
  onNavigate,
  loading = false,
  error = null,
}: AuditRecentListProps) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      maw={720}
      component="section"
      aria-label={TEXTS.auditRecentTitle}
    >
      <Stack gap="xs">
        <Title order={2} size="h4">
          {TEXTS.auditRecentTitle}
        </Title>
        {error ? (
          <Text role="alert" c="red.8">
            {error}
          </Text>
        ) : loading ? (
          <Text c="dimmed" role="status">
            Loading…
          </Text>
        ) : events.length === 0 ? (
          <Text c="dimmed">{TEXTS.auditRecentEmpty}</Text>
        ) : (
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {events.map((e) => {
              const detail = detailText(e.detail);
              return (
                <li key={e.id}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <time dateTime={e.at}>{whenText(e)}</time>
                    {' — '}
                    {actionText(e.action)}, {resourceLine(e)}
                    {e.outcome === 'refused' ? ` (${outcomeText(e)})` : ''}
                  </Text>
                  {detail && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {detail}
                    </Text>
                  )}
                </li>
              );
            })}
          </Stack>
        )}
        <Anchor
          href={href}
          size="sm"
          onClick={(event) => {
            interceptPlainClick(event, href, onNavigate);
          }}
        >
          {TEXTS.auditSeeAll}
        </Anchor>
      </Stack>
    </Paper>
  );
}
