import { Button, Group, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isBadRequest, useCreateTeamMutation } from '@pando/data-access';
import { chatRoutes, newTeamInput, TEXTS, validateTeamName } from '@pando/domain';
import { useViewer } from '../../auth/SessionGate';
import { MemberPicker, type PickedMember } from './MemberPicker';

/**
 * /teams/create (spec 01 §2, §5): name required (the label becomes 'Team name is required'),
 * private by default, members from the contact picker; Cancel returns to /, success opens
 * /teams/{id}.
 */
export function CreateTeamRoute() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const create = useCreateTeamMutation();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [discoverable, setDiscoverable] = useState(false);
  const [members, setMembers] = useState<PickedMember[]>([]);
  const [serverError, setServerError] = useState<string>();
  const nameError = validateTeamName(name);
  const showError = touched && nameError !== null;

  return (
    <Stack p="md" maw={560}>
      <Title order={1} size="h3">
        Create a team
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (nameError) return;
          const input = newTeamInput({
            name,
            creatorId: viewer.id,
            memberIds: members.map((m) => m.id),
            discoverable,
          });
          create.mutate(input, {
            onSuccess: (team) => {
              if (isBadRequest(team)) {
                setServerError(team.message);
                return;
              }
              void navigate(chatRoutes.team(team.id));
            },
          });
        }}
      >
        <Stack>
          <TextInput
            label={showError ? TEXTS.teamNameRequired : 'Team name'}
            required
            value={name}
            error={showError || serverError ? (serverError ?? true) : undefined}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setServerError(undefined);
            }}
            onBlur={() => {
              setTouched(true);
            }}
          />
          <Switch
            label="Discoverable (others can find and join this team)"
            checked={discoverable}
            onChange={(event) => {
              setDiscoverable(event.currentTarget.checked);
            }}
          />
          <MemberPicker selected={members} onChange={setMembers} excludeId={viewer.id} />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                void navigate('/');
              }}
            >
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create team
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
