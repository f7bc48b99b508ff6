import { Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconChecks, IconClock, IconEye } from '@tabler/icons-react';
import type { DeliveryState } from '@pando/domain';
import type { ReactNode } from 'react';

export type { DeliveryState };

const LABELS: Record<DeliveryState, string> = {
  queued: 'Waiting to send',
  sending: 'Sending',
  stored: 'Sent',
  received: 'Delivered',
  displayed: 'Read',
  failed: 'Not sent',
};

const ICONS: Record<Exclude<DeliveryState, 'sending'>, ReactNode> = {
  queued: <IconClock size={14} aria-hidden />,
  stored: <IconCheck size={14} aria-hidden />,
  received: <IconChecks size={14} aria-hidden />,
  displayed: <IconEye size={14} aria-hidden />,
  failed: <IconAlertCircle size={14} aria-hidden color="var(--mantine-color-error)" />,
};

export interface DeliveryStatusProps {
  /** Where the message is: sending, sent (stored by the server), displayed (read) or failed. */
  state: DeliveryState;
  /** Offered when the state is `failed`. */
  onRetry?: () => void;
}

/** A small icon with its word for screen readers (and a tooltip for sighted users). */
export function DeliveryStatus({ state, onRetry }: DeliveryStatusProps) {
  const label = LABELS[state];
  return (
    <Group
      gap={4}
      wrap="nowrap"
      component="span"
      data-delivery={state}
      c={state === 'failed' ? 'var(--mantine-color-error)' : 'dimmed'}
    >
      <Tooltip label={label}>
        <span role="img" aria-label={label} style={{ display: 'inline-flex' }}>
          {state === 'sending' ? <Loader size={12} aria-hidden /> : ICONS[state]}
        </span>
      </Tooltip>
      {state === 'failed' ? (
        <>
          <Text component="span" size="xs" c="var(--mantine-color-error)">
            {label}
          </Text>
          {onRetry ? (
            <Button size="compact-xs" variant="subtle" color="red" onClick={onRetry}>
              Retry
            </Button>
          ) : null}
        </>
      ) : null}
    </Group>
  );
}
