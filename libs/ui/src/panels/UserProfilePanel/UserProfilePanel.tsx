import { Anchor, Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { displayName, type UserStatus } from '@pando/domain';
import { StatusIndicator } from '../../common/StatusIndicator';

export interface UserProfile {
  first_name: string;
  last_name: string;
  /** role.description */
  role?: string | null;
  speciality?: string | null;
  /** hospital.name */
  hospital?: string | null;
  status: UserStatus;
  email?: string | null;
  /** Names of the teams they belong to. */
  teams: readonly string[];
}

export interface UserProfilePanelProps {
  /** The person shown: name, role, speciality, hospital, availability, email and teams. */
  user: UserProfile;
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} dir="auto" style={{ overflowWrap: 'anywhere' }}>
        {value && value.trim() !== '' ? value : 'Not provided'}
      </Text>
    </div>
  );
}

/** Spec 01 §2 user profile: name, role description, speciality, hospital, status, email, teams. */
export function UserProfilePanel({ user }: UserProfilePanelProps) {
  const name = displayName(user);
  return (
    <Stack gap="md" p="md" component="aside" aria-label="Profile">
      <Group gap="sm" wrap="nowrap">
        <Avatar radius="xl" size="lg" color="blue" aria-hidden>
          {(user.first_name[0] ?? '') + (user.last_name[0] ?? '')}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h4" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <StatusIndicator status={user.status} />
        </div>
      </Group>
      <Stack component="dl" gap="xs" m={0}>
        <Field label="Role" value={user.role} />
        <Field label="Speciality" value={user.speciality} />
        <Field label="Hospital" value={user.hospital} />
        <div>
          <Text size="xs" c="dimmed" component="dt">
            Email
          </Text>
          <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {user.email ? (
              <Anchor href={`mailto:${user.email}`}>{user.email}</Anchor>
            ) : (
              'Not provided'
            )}
          </Text>
        </div>
      </Stack>
      <div>
        <Title order={3} size="h5" mb="xs">
          Teams
        </Title>
        {user.teams.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not in any team.
          </Text>
        ) : (
          <Group gap={6}>
            {user.teams.map((team) => (
              <Badge key={team} variant="light" color="gray" tt="none">
                {team}
              </Badge>
            ))}
          </Group>
        )}
      </div>
    </Stack>
  );
}
