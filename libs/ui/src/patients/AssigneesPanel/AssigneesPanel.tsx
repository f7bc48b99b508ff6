import { Button, CloseButton, Group, Pill, Text } from '@mantine/core';
import type { PatientCard } from '@pando/domain';
import { IconUserPlus, IconUsersPlus } from '@tabler/icons-react';
import { PatientSection } from '../PatientInfoPanel';

export interface AssigneesPanelProps {
  /** The people assigned to the card. */
  users: PatientCard['users'];
  /** The teams assigned to the card: their members see it too. */
  teams: PatientCard['teams'];
  /** False: faded, no add or remove (spec 01 §6). */
  editable: boolean;
  /** Opens the contact picker for people. */
  onAdd: () => void;
  /** Opens the choice of the person's teams. */
  onAddTeam: () => void;
  /** Unassigns a person. */
  onRemoveUser: (userId: number) => void;
  /** Unassigns a team. */
  onRemoveTeam: (teamId: number) => void;
}

function personName(user: PatientCard['users'][number]): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || `User ${user.id}`;
}

/** Assignees (spec 01 §2): the people and teams the card is assigned to. */
export function AssigneesPanel({
  users,
  teams,
  editable,
  onAdd,
  onAddTeam,
  onRemoveUser,
  onRemoveTeam,
}: AssigneesPanelProps) {
  return (
    <PatientSection
      title="Assignees"
      editable={editable}
      action={
        <Group gap={4} wrap="wrap" justify="flex-end">
          <Button
            variant="subtle"
            size="compact-md"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={onAdd}
          >
            Add people
          </Button>
          <Button
            variant="subtle"
            size="compact-md"
            leftSection={<IconUsersPlus size={16} aria-hidden />}
            onClick={onAddTeam}
          >
            Add teams
          </Button>
        </Group>
      }
    >
      {users.length === 0 && teams.length === 0 && <Text c="dimmed">Nobody is assigned.</Text>}
      <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {users.map((user) => (
          <Assignee
            key={`u${user.id}`}
            name={personName(user)}
            editable={editable}
            onRemove={() => {
              onRemoveUser(user.id);
            }}
          />
        ))}
        {teams.map((team) => (
          <Assignee
            key={`t${team.id}`}
            name={team.name ?? `Team ${team.id}`}
            editable={editable}
            onRemove={() => {
              onRemoveTeam(team.id);
            }}
          />
        ))}
      </Group>
    </PatientSection>
  );
}

function Assignee({
  name,
  editable,
  onRemove,
}: {
  name: string;
  editable: boolean;
  onRemove: () => void;
}) {
  return (
    <Group component="li" gap={4} wrap="nowrap">
      <Pill size="lg">{name}</Pill>
      {editable && <CloseButton size="sm" aria-label={`Unassign ${name}`} onClick={onRemove} />}
    </Group>
  );
}
