import { Button, Center, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconClipboardHeart } from '@tabler/icons-react';
import { Dialog } from '../../common/Dialog';

export interface DeletePatientDialogProps {
  /** Whether the dialog is open. */
  opened: boolean;
  /** The patient's name, in the question. */
  name: string;
  /** Cancel, Escape or the close button: nothing is deleted. */
  onClose: () => void;
  /** The person confirmed: delete the card. */
  onConfirm: () => void;
  /** The delete is under way: the confirm button shows a spinner. @default false */
  deleting?: boolean;
}

/** Spec 01 §2: deleting a patient asks first. */
export function DeletePatientDialog({
  opened,
  name,
  onClose,
  onConfirm,
  deleting = false,
}: DeletePatientDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Delete patient">
      <Stack>
        <Text style={{ overflowWrap: 'anywhere' }}>
          Delete {name}? The card is removed for everyone it is assigned or shared to.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/** Spec 01 §2 "help dialog": how the patient list works, in a few lines. */
export function PatientHelpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title="About patient cards">
      <List spacing="xs">
        <List.Item>A card is shared by everyone it is assigned to: people and teams.</List.Item>
        <List.Item>Patient info and notes are edited separately; tasks save as you go.</List.Item>
        <List.Item>Completed tasks move under “Completed tasks” with who completed them.</List.Item>
        <List.Item>A card shared into a chat opens read-only for the people in it.</List.Item>
        <List.Item>“Email me this card” sends its content to your own address.</List.Item>
      </List>
    </Dialog>
  );
}

/** /patients with no card chosen (spec 01 §2: empty state with illustration). */
export function PatientsEmptyState() {
  return (
    <Center h="100%" mih={320} p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconClipboardHeart
          size={72}
          stroke={1.2}
          aria-hidden
          color="var(--mantine-color-dimmed)"
        />
        <Title order={1} size="h3">
          Patient list
        </Title>
        <Text c="dimmed">Choose a patient from the list, or create one.</Text>
      </Stack>
    </Center>
  );
}
