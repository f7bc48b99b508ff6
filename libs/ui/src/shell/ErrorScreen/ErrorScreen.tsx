import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertOctagon, IconRefresh } from '@tabler/icons-react';
import { CORE_TEXTS } from '@pando/domain';

export interface ErrorScreenProps {
  /** Offers a reload; clinicians otherwise do not know what to do next. */
  onReload?: () => void;
  /** A short technical reference (error id) for support calls. */
  reference?: string;
  /**
   * `newVersion`: a part of the app could not be downloaded (after a redeploy the old chunks are
   * gone); the screen says a new version is available instead of "Something went wrong.".
   * @default 'crash'
   */
  kind?: 'crash' | 'newVersion';
}

/**
 * Spec 01 §2: the generic "Something went wrong." screen shown on a render crash; with
 * `kind="newVersion"` the screen shown when the app's code changed under it (a reload fixes it).
 */
export function ErrorScreen({ onReload, reference, kind = 'crash' }: ErrorScreenProps) {
  if (kind === 'newVersion') {
    return (
      <Center mih="100dvh" p="md" role="alert">
        <Stack align="center" gap="md" maw={420} ta="center">
          <IconRefresh size={48} aria-hidden color="var(--mantine-color-blue-7)" />
          <Title order={1} size="h3">
            {CORE_TEXTS.newVersionAvailable}
          </Title>
          <Text c="dimmed">{CORE_TEXTS.newVersionReload}</Text>
          {onReload ? <Button onClick={onReload}>{CORE_TEXTS.reload}</Button> : null}
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="100dvh" p="md" role="alert">
      <Stack align="center" gap="md" maw={420} ta="center">
        <IconAlertOctagon size={48} aria-hidden color="var(--mantine-color-red-7)" />
        <Title order={1} size="h3">
          Something went wrong.
        </Title>
        <Text c="dimmed">
          The page could not be shown. Your messages are safe; reloading usually fixes this.
        </Text>
        {reference ? (
          <Text size="sm" c="dimmed">
            Reference: <code>{reference}</code>
          </Text>
        ) : null}
        {onReload ? <Button onClick={onReload}>Reload</Button> : null}
      </Stack>
    </Center>
  );
}
