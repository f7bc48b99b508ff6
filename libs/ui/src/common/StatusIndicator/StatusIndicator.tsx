import { Group, Text, VisuallyHidden } from '@mantine/core';
import { USER_STATUS_LABELS, type UserStatus } from '@pando/domain';

const STATUS_COLOUR: Record<UserStatus, string> = {
  AVAILABLE: 'var(--mantine-color-teal-7)',
  UNAVAILABLE: 'var(--mantine-color-red-7)',
  UNKNOWN: 'var(--mantine-color-gray-6)',
};

export interface StatusIndicatorProps {
  /** The user's availability (spec 01 §3). */
  status: UserStatus;
  /** Show the label next to the dot; when false the label is still read by screen readers. @default true */
  withLabel?: boolean;
}

/** Availability as a coloured dot plus its word, so colour is never the only signal. */
export function StatusIndicator({ status, withLabel = true }: StatusIndicatorProps) {
  const label = USER_STATUS_LABELS[status];
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 10,
          height: 10,
          borderRadius: '50%',
          background: STATUS_COLOUR[status],
          flexShrink: 0,
        }}
      />
      {withLabel ? (
        <Text component="span" size="sm" c="dimmed">
          {label}
        </Text>
      ) : (
        <VisuallyHidden>{label}</VisuallyHidden>
      )}
    </Group>
  );
}
