import { Button, Notification, Stack } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useAppServices } from '../../common/AppServices';

const COLOR = { error: 'red', warning: 'orange', info: 'blue', success: 'green' } as const;

/**
 * The notices of spec 01 §8, bottom-right. Errors are announced assertively (role="alert"), the
 * rest politely (role="status"), so a screen-reader user hears "You are now back online." too.
 */
export function NotificationViewport() {
  const { notifications } = useAppServices();
  const items = useSyncExternalStore(
    notifications.subscribe,
    notifications.getSnapshot,
    notifications.getSnapshot,
  );
  return (
    <Stack
      gap="xs"
      style={{ position: 'fixed', insetInlineEnd: 16, insetBlockEnd: 16, zIndex: 1000, width: 360 }}
    >
      {items.map((item) => (
        <Notification
          key={item.id}
          color={COLOR[item.kind]}
          role={item.kind === 'error' ? 'alert' : 'status'}
          withBorder
          closeButtonProps={{ 'aria-label': 'Dismiss notification' }}
          onClose={() => {
            notifications.dismiss(item.id);
          }}
        >
          {item.message}
          {item.action ? (
            <Button
              size="xs"
              variant="light"
              ml="sm"
              onClick={() => {
                notifications.dismiss(item.id);
                item.action?.run();
              }}
            >
              {item.action.label}
            </Button>
          ) : null}
        </Notification>
      ))}
    </Stack>
  );
}
