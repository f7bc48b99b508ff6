import { Center, Stack, Text, Title } from '@mantine/core';

export interface PlaceholderPageProps {
  title: string;
  /** What will be here, in a sentence. */
  description: string;
}

/**
 * /patients… and /manage… until the patients and admin waves land: a titled page that says the
 * area is coming, so a deep link lands somewhere honest instead of a 404 or a blank pane.
 */
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  return (
    <Center h="100%" mih={320} p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
    </Center>
  );
}
