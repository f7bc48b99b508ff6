import { Center, Loader, Stack, Text } from '@mantine/core';

export interface LoadingScreenProps {
  /** What is loading, read by screen readers and shown under the spinner. @default 'Loading…' */
  label?: string;
  /** Fill the viewport (session loading) or only the parent (lists loading). @default true */
  fullScreen?: boolean;
}

/**
 * The spinner shown while the session loads and until teams, forums and advice conversations
 * have loaded (spec 01 §2). `role="status"` announces it once, without stealing focus.
 */
export function LoadingScreen({ label = 'Loading…', fullScreen = true }: LoadingScreenProps) {
  return (
    <Center mih={fullScreen ? '100dvh' : 200} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
