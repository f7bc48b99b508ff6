import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { TEXTS } from '@pando/domain';
import { IconLock } from '@tabler/icons-react';

export interface NoAccessPageProps {
  /** Back to the chats; leave out to hide the button. */
  onBack?: () => void;
}

/** Spec 02 §2: what USER and USER_VERIFIED see on /manage. */
export function NoAccessPage({ onBack }: NoAccessPageProps) {
  return (
    <Center mih={320} p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <IconLock size={40} aria-hidden />
        <Title order={1} size="h3">
          No access
        </Title>
        <Text>{TEXTS.noConsoleAccess}</Text>
        {onBack && (
          <Button variant="default" onClick={onBack}>
            Back to chats
          </Button>
        )}
      </Stack>
    </Center>
  );
}
