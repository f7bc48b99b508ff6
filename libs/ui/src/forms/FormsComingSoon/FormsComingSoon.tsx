import { Button, Stack, Text, Title } from '@mantine/core';
import { TEXTS } from '@pando/domain';
import { IconMail } from '@tabler/icons-react';

export interface FormsComingSoonProps {
  /** Where "Contact us" leads: a `mailto:` (with a subject) or the deployment's support page. */
  contactHref: string;
}

/**
 * /manage/form-templates while the network does not have smart forms (spec 02 §2 "coming soon"
 * sales page): the spec's notice, a few sentences of what smart forms do, and a way to get in
 * touch (issue 35: the page was one sentence with nothing to press).
 */
export function FormsComingSoon({ contactHref }: FormsComingSoonProps) {
  const external = !contactHref.startsWith('mailto:');
  return (
    <Stack p="md" maw={640} gap="sm" component="section" aria-labelledby="forms-coming-soon">
      <Title order={1} size="h2" id="forms-coming-soon">
        Form templates
      </Title>
      <Text fw={600}>{TEXTS.comingSoon}</Text>
      <Text>{TEXTS.smartFormsWhat}</Text>
      <Text>{TEXTS.smartFormsHow}</Text>
      <Text>{TEXTS.smartFormsWho}</Text>
      <div>
        <Button
          component="a"
          href={contactHref}
          leftSection={<IconMail size={16} aria-hidden />}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {TEXTS.contactUs}
        </Button>
      </div>
    </Stack>
  );
}
