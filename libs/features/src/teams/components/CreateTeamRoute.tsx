import { Button, Group, Pill, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isBadRequest, useCreateTeamMutation } from '@pando/data-access';
import {
  displayName,
  chatRoutes,
  newTeamInput,
  TEXTS,
  validateTeamName,
  type SearchUser,
} from '@pando/domain';
import { useViewer } from '../../common/viewer';
import { ContactPickerContainer } from './ContactPickerContainer';

const fullName = (person: SearchUser) => displayName(person);

/**
 * /teams/create (spec 01 §2, §5): name required (the label becomes 'Team name is required'),
 * private by default, members from the contact picker (the creator is always one and never
 * offered); Cancel returns to /, success opens /teams/{id}.
 */
export function CreateTeamRoute() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const create = useCreateTeamMutation();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [discoverable, setDiscoverable] = useState(false);
  const [members, setMembers] = useState<SearchUser[]>([]);
  const [picking, setPicking] = useState(false);
  const membersLabelId = useId();
  const excludeIds = useMemo(() => [viewer.id], [viewer.id]);
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
          <Stack gap={6} align="flex-start">
            <Text size="sm" fw={500} id={membersLabelId}>
              Members
            </Text>
            {members.length === 0 ? (
              <Text size="sm" c="dimmed">
                Only you so far.
              </Text>
            ) : (
              <Pill.Group role="list" aria-labelledby={membersLabelId}>
                {members.map((person) => (
                  <Pill
                    key={person.id}
                    role="listitem"
                    withRemoveButton
                    // Mantine hides the remove button from keyboards and screen readers (it expects
                    // Backspace in a PillsInput); here it removes someone without the picker.
                    removeButtonProps={{
                      'aria-label': `Remove ${fullName(person)}`,
                      'aria-hidden': false,
                      tabIndex: 0,
                    }}
                    onRemove={() => {
                      setMembers((current) => current.filter((m) => m.id !== person.id));
                    }}
                  >
                    {fullName(person)}
                  </Pill>
                ))}
              </Pill.Group>
            )}
            <Button
              variant="light"
              onClick={() => {
                setPicking(true);
              }}
            >
              Add members
            </Button>
          </Stack>
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
      {picking ? (
        <ContactPickerContainer
          title="Add members"
          saveLabel="Done"
          excludeIds={excludeIds}
          initialSelected={members}
          onClose={() => {
            setPicking(false);
          }}
          onSave={(people) => {
            setPicking(false);
            setMembers(people);
          }}
        />
      ) : null}
    </Stack>
  );
}
