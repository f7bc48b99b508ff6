import { ActionIcon, Avatar, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { UserStatus } from '@pando/domain';
import { IconUserMinus } from '@tabler/icons-react';
import { StatusIndicator } from '../../common/StatusIndicator';

/** A team member as panels show one. */
export interface PanelMember {
  id: string;
  name: string;
  /** Role description and/or speciality, one line. */
  detail?: string;
  status?: UserStatus;
}

export interface MemberListProps {
  /** The members, in the order to show them. */
  members: readonly PanelMember[];
  /** Offers a remove button per member (any member can remove, spec 01 §6). */
  onRemove?: (member: PanelMember) => void;
  /** The viewer's id: no remove button on oneself (leaving is its own action). */
  selfId?: string;
  /**
   * The list is still being fetched: says so instead of "No members yet." (issue 35: an empty
   * list while loading contradicted the member count beside it). @default false
   */
  loading?: boolean;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/** Members with status and an optional remove action. */
export function MemberList({ members, onRemove, selfId, loading = false }: MemberListProps) {
  if (loading && members.length === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Loading members…
      </Text>
    );
  }
  if (members.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No members yet.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {members.map((member) => (
        <Group component="li" key={member.id} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Avatar size="sm" radius="xl" color="blue" aria-hidden>
              {initials(member.name)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate="end" dir="auto" title={member.name}>
                {member.name}
              </Text>
              {member.detail ? (
                <Text size="xs" c="dimmed" truncate="end">
                  {member.detail}
                </Text>
              ) : null}
            </div>
          </Group>
          <Group gap={4} wrap="nowrap">
            {member.status ? <StatusIndicator status={member.status} withLabel={false} /> : null}
            {onRemove && member.id !== selfId ? (
              <Tooltip label="Remove from team">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${member.name}`}
                  onClick={() => {
                    onRemove(member);
                  }}
                >
                  <IconUserMinus size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
