import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';

export interface ErrorScreenProps {
  /** Offers a reload; clinicians otherwise do not know what to do next. */
  onReload?: () => void;
  /** A short technical reference (error id) for support calls. */
  reference?: string;
}

/** Spec 01 §2: the generic "Something went wrong." screen shown on a render crash. */
export function ErrorScreen({ onReload, reference }: ErrorScreenProps) {
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
