import { Badge, Group, Paper, Text } from '@mantine/core';
import { formatPercentDelta } from '@pando/domain';

export interface StatCardProps {
  /** What is counted, e.g. "Active users". */
  label: string;
  /** The figure for the report window; null while unknown. */
  value: number | null;
  /**
   * Change against the previous window in percent (one decimal, spec 02 §2); null when there is
   * no previous figure. Leave out for counts without a delta.
   */
  delta?: number | null | undefined;
  /** Shown greyed with "Not available" instead of a figure (pagers, resolved ask-advice). @default false */
  disabled?: boolean;
}

/** One figure of the 30-day report, with its delta against the previous 30 days. */
export function StatCard({ label, value, delta, disabled = false }: StatCardProps) {
  const direction = delta == null || delta === 0 ? 'flat' : delta > 0 ? 'up' : 'down';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      className="pando-stat-card"
      aria-disabled={disabled || undefined}
      style={disabled ? { borderStyle: 'dashed' } : undefined}
    >
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Group gap="xs" align="baseline" mt={4} wrap="wrap">
        {disabled ? (
          <Text size="sm" c="dimmed">
            Not available
          </Text>
        ) : (
          <Text fz={28} fw={700} lh={1.1}>
            {value === null ? '–' : value.toLocaleString('en-GB')}
          </Text>
        )}
        {!disabled && delta !== undefined && (
          <Badge
            variant="filled"
            color={direction === 'up' ? 'teal.9' : direction === 'down' ? 'red.9' : 'gray.7'}
            aria-label={`Change from the previous 30 days: ${formatPercentDelta(delta)}`}
          >
            {formatPercentDelta(delta)}
          </Badge>
        )}
      </Group>
    </Paper>
  );
}
