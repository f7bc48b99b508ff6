import { Center, Stack, Text, Title } from '@mantine/core';

export interface WelcomeEmptyStateProps {
  /** The signed-in user's first name, for the greeting. */
  firstName?: string;
  /** The product's name. @default 'Pando' */
  productName?: string;
}

/** Two speech bubbles: decorative, so hidden from assistive technology. */
function ConversationIllustration() {
  return (
    <svg width="160" height="120" viewBox="0 0 160 120" aria-hidden focusable="false">
      <rect x="8" y="12" width="96" height="56" rx="14" fill="var(--mantine-color-blue-1)" />
      <path d="M28 68 L24 86 L44 68 Z" fill="var(--mantine-color-blue-1)" />
      <rect x="24" y="28" width="60" height="8" rx="4" fill="var(--mantine-color-blue-5)" />
      <rect x="24" y="44" width="40" height="8" rx="4" fill="var(--mantine-color-blue-3)" />
      <rect x="60" y="50" width="92" height="52" rx="14" fill="var(--mantine-color-teal-1)" />
      <path d="M132 102 L136 116 L120 102 Z" fill="var(--mantine-color-teal-1)" />
      <rect x="76" y="64" width="56" height="8" rx="4" fill="var(--mantine-color-teal-6)" />
      <rect x="76" y="80" width="36" height="8" rx="4" fill="var(--mantine-color-teal-4)" />
    </svg>
  );
}

/** Spec 01 §2: what the chat pane shows when no conversation is chosen. */
export function WelcomeEmptyState({ firstName, productName = 'Pando' }: WelcomeEmptyStateProps) {
  return (
    <Center h="100%" mih={320} p="md">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <ConversationIllustration />
        <Title order={2} size="h3">
          {firstName ? `Welcome to ${productName}, ${firstName}` : `Welcome to ${productName}`}
        </Title>
        <Text c="dimmed">
          Choose a conversation on the left, or search for a colleague, team or forum to start one.
          Ask a specialist team for advice from the Advice conversations section.
        </Text>
      </Stack>
    </Center>
  );
}
