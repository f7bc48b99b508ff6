import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

export interface SessionPlaceholderProps {
  /** Retries loading the session. */
  onRetry?: () => void;
  /** Goes to the login page. */
  onLogin?: () => void;
}

/**
 * Spec 01 §2: "on error a placeholder shows" while loading the session. The wording is ours: say
 * what failed and offer the two ways out.
 */
export function SessionPlaceholder({ onRetry, onLogin }: SessionPlaceholderProps) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <IconPlugConnectedX size={48} aria-hidden color="var(--mantine-color-gray-7)" />
        <Title order={1} size="h3">
          Your session could not be loaded
        </Title>
        <Text c="dimmed">Check your connection, then try again or log in again.</Text>
        <Stack gap="xs" w="100%" maw={240}>
          {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
          {onLogin ? (
            <Button variant="default" onClick={onLogin}>
              Log in again
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Center>
  );
}
