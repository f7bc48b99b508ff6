import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { isForum, joinLabel, TEXTS } from '@pando/domain';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../common/Dialog';
import { InlineRename } from '../InlineRename';
import { MemberList, type PanelMember } from '../MemberList';

export interface TeamPanelTeam {
  name: string;
  discoverable: boolean;
  auto_accept: boolean;
}

export interface TeamPanelProps {
  /** The team's name and its forum settings (discoverable, auto-accept). */
  team: TeamPanelTeam;
  /** The team's members. */
  members: readonly PanelMember[];
  /**
   * How many members the team has when `members` is not the whole list (a non-member sees the
   * count from the team's `user_ids`, not its member list). @default members.length
   */
  memberCount?: number;
  /** Whether the viewer is a member: members rename, manage members and leave. */
  isMember: boolean;
  /** The viewer's id (no self-removal button). */
  selfId?: string;
  /** Receives the new name from the inline rename (members only). */
  onRename: (name: string) => void;
  /** Opens the contact picker to add members. */
  onAddMembers: () => void;
  /** Removes a member, after the confirmation dialog. */
  onRemoveMember: (member: PanelMember) => void;
  /** Joins the team (a discoverable forum the viewer is not a member of). */
  onJoin: () => void;
  /** Called after the leave confirmation. */
  onLeave: () => void;
  /** Spinner on join/leave. @default false */
  busy?: boolean;
  /** The member list is still being fetched ("Loading members…"). @default false */
  membersLoading?: boolean;
  /** The complementary landmark's name; unique per page. @default 'Team details' */
  label?: string;
}

/**
 * Spec 01 §2/§4 team panel: rename inline, members with add/remove, join (label from
 * discoverable) or leave after a confirmation.
 */
export function TeamPanel({
  team,
  members,
  memberCount = members.length,
  isMember,
  selfId,
  onRename,
  onAddMembers,
  onRemoveMember,
  onJoin,
  onLeave,
  busy = false,
  membersLoading = false,
  label = 'Team details',
}: TeamPanelProps) {
  const [confirmLeave, setConfirmLeave] = useState(false);
  // The member asked about stays named while the dialog closes (its fade-out).
  const [removing, setRemoving] = useState<PanelMember | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const join = joinLabel(team);
  // A forum says "forum" (issue 35: "Leave team" on a forum).
  const noun = isForum(team) ? 'forum' : 'team';
  const leaveLabel = `Leave ${noun}`;
  return (
    <Stack gap="md" p="md" component="aside" aria-label={label}>
      <InlineRename name={team.name} onRename={onRename} editable={isMember} />
      <Text size="sm" c="dimmed">
        {memberCount === 1 ? '1 member' : `${memberCount} members`}
      </Text>
      <Divider />
      <Group justify="space-between">
        <Title order={3} size="h5">
          Members
        </Title>
        {isMember ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUserPlus size={14} aria-hidden />}
            onClick={onAddMembers}
          >
            Add members
          </Button>
        ) : null}
      </Group>
      <MemberList
        members={members}
        loading={membersLoading}
        {...(isMember
          ? {
              onRemove: (member: PanelMember) => {
                setRemoving(member);
                setConfirmRemove(true);
              },
            }
          : {})}
        {...(selfId !== undefined ? { selfId } : {})}
      />
      <Divider />
      {isMember ? (
        <Button
          color="red"
          variant="outline"
          onClick={() => {
            setConfirmLeave(true);
          }}
          loading={busy}
        >
          {leaveLabel}
        </Button>
      ) : join ? (
        <Button onClick={onJoin} loading={busy}>
          {join}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          This is a private team. Ask a member to add you.
        </Text>
      )}
      <Dialog
        opened={confirmLeave}
        onClose={() => {
          setConfirmLeave(false);
        }}
        title={leaveLabel}
      >
        <Text>
          Are you sure you want to leave {team.name}? You will stop receiving its messages.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button
            variant="default"
            onClick={() => {
              setConfirmLeave(false);
            }}
            data-autofocus
          >
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirmLeave(false);
              onLeave();
            }}
          >
            Leave
          </Button>
        </Group>
      </Dialog>
      <Dialog
        opened={confirmRemove}
        onClose={() => {
          setConfirmRemove(false);
        }}
        title={`Remove from ${noun}`}
      >
        <Text>
          Remove {removing?.name} from {team.name}? {TEXTS.removeMemberConfirm}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button
            variant="default"
            onClick={() => {
              setConfirmRemove(false);
            }}
            data-autofocus
          >
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirmRemove(false);
              if (removing) onRemoveMember(removing);
            }}
          >
            Remove
          </Button>
        </Group>
      </Dialog>
    </Stack>
  );
}
