import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { TEXTS } from '@pando/domain';

export interface UpdateAvailableProps {
  /**
   * A new version of the app is downloaded and waits; nothing shows otherwise. The live region
   * stays mounted either way, so the notice is announced when this turns true.
   */
  open: boolean;
  /** The person's choice to switch to the new version now (the page reloads). */
  onReload: () => void;
  /** Hides the notice; the new version still waits. Without it there is no close button. */
  onDismiss?: () => void;
}

/**
 * Issue 37: the installed app's "A new version is available" notice. It stays until the person
 * reloads or hides it, never reloads by itself, and traps nothing (no dialog): it floats over
 * the top of the page, above the header and below any dialog, so it never covers the message
 * field at the bottom. First in the reading order of the page it is rendered before.
 */
export function UpdateAvailable({ open, onReload, onDismiss }: UpdateAvailableProps) {
  return (
    <div role="status" aria-live="polite">
      {open ? (
        <Paper
          component="section"
          aria-label={TEXTS.updateNotice}
          withBorder
          shadow="md"
          radius="md"
          py={6}
          pl="sm"
          pr={6}
          pos="fixed"
          top={8}
          left={8}
          right={8}
          mx="auto"
          maw={440}
          // Over the app shell's header (z-index app), under dialogs and their overlay (modal).
          style={{ zIndex: 'calc(var(--mantine-z-index-modal) - 1)' }}
        >
          <Group gap="xs" wrap="nowrap">
            <IconRefresh
              size={20}
              aria-hidden
              color="var(--mantine-primary-color-filled)"
              style={{ flexShrink: 0 }}
            />
            <Text size="sm" fw={500} flex={1}>
              {TEXTS.updateAvailable}
            </Text>
            <Button size="xs" onClick={onReload}>
              {TEXTS.reload}
            </Button>
            {onDismiss ? (
              <CloseButton aria-label={TEXTS.updateNoticeHide} onClick={onDismiss} />
            ) : null}
          </Group>
        </Paper>
      ) : null}
    </div>
  );
}
