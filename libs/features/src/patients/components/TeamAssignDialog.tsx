import { Button, Group, MultiSelect, Stack } from '@mantine/core';
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
        <MultiSelect
          label="Teams"
          searchable
          data={teams.map((t) => ({ value: String(t.id), label: t.name }))}
          value={chosen}
          onChange={setChosen}
          placeholder="Choose teams"
          nothingFoundMessage="No other teams"
          comboboxProps={{ withinPortal: false }}
        />
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
