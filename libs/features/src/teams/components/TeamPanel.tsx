import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  isBadRequest,
  useJoinTeamMutation,
  useLeaveTeamMutation,
  useTeamMembersQuery,
  useUpdateTeamMutation,
} from '@pando/data-access';
import { canJoinTeam, joinLabel, validateTeamName } from '@pando/domain';
import { StatusIndicator } from '@pando/ui';
import { useAppServices } from '../../shell/services/AppServices';

export interface TeamPanelTeam {
  id: number;
  name: string;
  discoverable: boolean;
  auto_accept: boolean;
  user_ids: number[];
}

/**
 * Spec 01 §4 "Team panel": a non-member can join (label from `joinLabel`); a member can rename,
 * see the members and leave after a confirmation, which returns to /.
 */
export function TeamPanel({ team, viewerId }: { team: TeamPanelTeam; viewerId: number }) {
  const isMember = team.user_ids.includes(viewerId);
  const members = useTeamMembersQuery(isMember ? team.id : undefined);
  const join = useJoinTeamMutation(team.id, viewerId);
  const leave = useLeaveTeamMutation(team.id, viewerId);
  const rename = useUpdateTeamMutation(team.id);
  const navigate = useNavigate();
  const { logger } = useAppServices();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [name, setName] = useState(team.name);
  const nameError = validateTeamName(name);
  const label = joinLabel(team);

  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        {team.name}
      </Title>
      {canJoinTeam(team, isMember) && label ? (
        <Button loading={join.isPending} onClick={() => void join.join().catch(() => undefined)}>
          {label}
        </Button>
      ) : null}
      {isMember ? (
        <>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (nameError || name.trim() === team.name) return;
              rename.mutate({
                name: name.trim(),
                discoverable: team.discoverable,
                user_ids: team.user_ids,
              });
            }}
          >
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label="Team name"
                value={name}
                error={nameError ?? undefined}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                }}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="default" loading={rename.isPending}>
                Rename
              </Button>
            </Group>
          </form>
          <Title order={3} size="h6">
            Members
          </Title>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {(members.data ?? []).map((member) => (
              <li key={member.id}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm">
                    {member.first_name} {member.last_name}
                  </Text>
                  <StatusIndicator status={member.status} />
                </Group>
              </li>
            ))}
          </Stack>
          <Button
            color="red"
            variant="light"
            onClick={() => {
              setConfirmLeave(true);
            }}
          >
            Leave team
          </Button>
        </>
      ) : null}
      <Modal
        opened={confirmLeave}
        onClose={() => {
          setConfirmLeave(false);
        }}
        title="Leave team"
        centered
      >
        <Text>Are you sure you want to leave {team.name}?</Text>
        <Group justify="flex-end" mt="lg">
          <Button
            variant="default"
            data-autofocus
            onClick={() => {
              setConfirmLeave(false);
            }}
          >
            Cancel
          </Button>
          <Button
            color="red"
            loading={leave.isPending}
            onClick={() => {
              leave
                .leave()
                .then((result) => {
                  if (isBadRequest(result)) throw new Error(result.message);
                  void navigate('/');
                })
                .catch((error: unknown) => {
                  // Spec 01 §8: leave-team dialog failures are logged and the dialog closes.
                  logger.error('Leaving the team failed', {
                    teamId: team.id,
                    error: String(error),
                  });
                })
                .finally(() => {
                  setConfirmLeave(false);
                });
            }}
          >
            Leave
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
