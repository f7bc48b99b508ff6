import { Alert, Button, Group, Text } from '@mantine/core';
import { TEXTS } from '@pando/domain';
import { Dialog } from '../../common/Dialog';

export interface LogoutConfirmModalProps {
  /** Whether the dialog is open. */
  opened: boolean;
  /** Closes without logging out (Cancel, Escape, click outside). */
  onClose: () => void;
  /** Confirms the logout. */
  onConfirm: () => void;
  /** The product's name in the question. @default 'Pando' */
  productName?: string;
  /** Spinner on the confirm button while the logout request runs. @default false */
  loading?: boolean;
  /**
   * Messages still waiting to be sent (the durable outbox): the dialog says they are deleted at
   * logout (issue 37). @default 0
   */
  queuedMessages?: number;
}

/** Spec 01 §2: the power icon asks whether the user wants to log out. */
export function LogoutConfirmModal({
  opened,
  onClose,
  onConfirm,
  productName = 'Pando',
  loading = false,
  queuedMessages = 0,
}: LogoutConfirmModalProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Log out">
      <Text>Are you sure you want to log out from {productName}?</Text>
      {queuedMessages > 0 ? (
        <Alert color="yellow" mt="md" role="alert">
          {TEXTS.logoutQueued(queuedMessages)}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          Log out
        </Button>
      </Group>
    </Dialog>
  );
}
