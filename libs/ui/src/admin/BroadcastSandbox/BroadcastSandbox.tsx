import { Alert, Button, FileInput, Stack, Switch, TextInput, Textarea, Title } from '@mantine/core';
import { TEXTS } from '@pando/domain';

export interface BroadcastSandboxProps {
  /** The address the banner asks to write to; shown as a mailto link. */
  supportEmail: string;
}

/**
 * /manage/broadcast (spec 02 §2): a disabled sandbox form — title, message, attachments (jpeg,
 * pdf, word), a dry-run toggle and Send — under a banner asking to email support.
 */
export function BroadcastSandbox({ supportEmail }: BroadcastSandboxProps) {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        Broadcast
      </Title>
      <Alert color="blue" title="Broadcasts are actioned by our team">
        {TEXTS.broadcastBanner}{' '}
        <a href={`mailto:${supportEmail}?subject=Broadcast%20request`}>{supportEmail}</a>
      </Alert>
      <fieldset
        disabled
        style={{ border: 0, padding: 0, margin: 0 }}
        aria-label="Broadcast sandbox"
      >
        <Stack gap="sm">
          <TextInput label="Title" disabled />
          <Textarea label="Message" minRows={4} autosize disabled />
          <FileInput
            label="Attachments"
            description="JPEG, PDF or Word"
            accept="image/jpeg,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            multiple
            disabled
          />
          <Switch label="Dry run" disabled />
          <Button disabled style={{ alignSelf: 'flex-start' }}>
            Send
          </Button>
        </Stack>
      </fieldset>
    </Stack>
  );
}
