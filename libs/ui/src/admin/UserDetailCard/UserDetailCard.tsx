import { Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { availabilityLabel, type AdminUser, displayName } from '@pando/domain';

export interface UserDetailCardProps {
  /** The person (GET /admin/users/{id}). */
  user: AdminUser;
  /** Last active, already worded (e.g. "2 minutes ago", "Unknown"), from the chat server. */
  lastActive: string;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={700} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/**
 * /manage/users/{userId} (spec 02 §2), read-only: name, role description, email, phone,
 * speciality, organisation, availability (Available, Unavailable, Unknown) and last active.
 */
export function UserDetailCard({ user, lastActive }: UserDetailCardProps) {
  const availability = availabilityLabel(user.status);
  return (
    <Paper withBorder p="md" radius="md" maw={720}>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {displayName(user)}
          </Title>
          <Badge
            mt={4}
            variant="filled"
            tt="none"
            color={
              availability === 'Available'
                ? 'teal.9'
                : availability === 'Unavailable'
                  ? 'red.9'
                  : 'gray.7'
            }
          >
            {availability}
          </Badge>
        </div>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} m={0}>
          <Field label="Role" value={user.role?.description ?? user.role?.role ?? ''} />
          <Field label="Email" value={user.email} />
          <Field label="Phone" value={user.phone ?? ''} />
          <Field label="Speciality" value={user.speciality ?? ''} />
          <Field label="Organisation" value={user.hospital?.name ?? ''} />
          <Field label="Last active" value={lastActive} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
