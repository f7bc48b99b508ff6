import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Team } from '@pando/domain';
import { Dialog } from '@pando/ui';

/**
 * Assigns the card to teams the person is in (the server refuses others and forums; the list
 * comes from the sidebar's teams, which holds no forums).
 */
export function TeamAssignDialog({
  opened,
  teams,
  onClose,
  onSave,
}: {
  opened: boolean;
  teams: readonly Team[];
  onClose: () => void;
  onSave: (teamIds: number[]) => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <Dialog opened={opened} onClose={onClose} title="Assign teams">
      <Stack>
        {teams.length === 0 ? (
          <Text c="dimmed">You are in no other team.</Text>
        ) : (
          <Checkbox.Group label="Teams" value={chosen} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {teams.map((t) => (
                <Checkbox key={t.id} value={String(t.id)} label={t.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={chosen.length === 0}
            onClick={() => {
              onSave(chosen.map(Number));
              setChosen([]);
            }}
          >
            Assign
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
