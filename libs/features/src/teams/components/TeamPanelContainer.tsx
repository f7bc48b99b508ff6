import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  isBadRequest,
  isEditConflict,
  useAddTeamMembersMutation,
  useJoinTeamMutation,
  useLeaveTeamMutation,
  useRemoveTeamMembersMutation,
  useTeamMembersQuery,
  useUpdateTeamMutation,
} from '@pando/data-access';
import { displayName, TEXTS, type TeamMember } from '@pando/domain';
import { TeamPanel, type PanelMember } from '@pando/ui';
import { useAppServices } from '../../common/AppServices';
import { ContactPickerContainer } from './ContactPickerContainer';

export interface TeamPanelTeam {
  id: number;
  name: string;
  discoverable: boolean;
  auto_accept: boolean;
  user_ids: number[];
}

function panelMember(member: TeamMember): PanelMember {
  const detail = [member.role?.description, member.speciality].filter(Boolean).join(' · ');
  return {
    id: String(member.id),
    name: displayName(member),
    ...(detail ? { detail } : {}),
    status: member.status,
  };
}

/**
 * Spec 01 §4 "Team panel" on the ui TeamPanel: a non-member can join (label from the team's
 * flags); a member can rename, add and remove members, and leave after a confirmation, which
 * returns to /.
 */
export function TeamPanelContainer({ team, viewerId }: { team: TeamPanelTeam; viewerId: number }) {
  const isMember = team.user_ids.includes(viewerId);
  // Whoever may see the panel may read the members (the server's team:reader: members, and
  // anyone of the network for a discoverable team), so the list and the count agree (issue 35:
  // a non-member saw "11 members" beside "No members yet."). Both follow others' changes live
  // (ChatWiring's room changes refetch the team and its members).
  const members = useTeamMembersQuery(team.id);
  const join = useJoinTeamMutation(team.id, viewerId);
  const leave = useLeaveTeamMutation(team.id, viewerId);
  const add = useAddTeamMembersMutation(team.id);
  const remove = useRemoveTeamMembersMutation(team.id);
  const rename = useUpdateTeamMutation(team.id);
  const navigate = useNavigate();
  const { logger, notifications } = useAppServices();
  const [picking, setPicking] = useState(false);
  const panelMembers = useMemo(() => (members.data ?? []).map(panelMember), [members.data]);

  const failed = (what: string) => (error: unknown) => {
    logger.warn(`${what} failed`, { teamId: team.id, error: String(error) });
    notifications.notify({
      kind: 'error',
      message: isEditConflict(error) ? TEXTS.editConflict : `${what} failed. Please try again.`,
    });
  };

  return (
    <>
      <TeamPanel
        label="Team"
        team={team}
        members={panelMembers}
        memberCount={members.data ? panelMembers.length : team.user_ids.length}
        membersLoading={members.isPending}
        isMember={isMember}
        selfId={String(viewerId)}
        busy={join.isPending || leave.isPending}
        onRename={(name) => {
          rename
            // The name only (issue 35): sending the members the page loaded removed anyone
            // added since. The hook sends the version the page shows; a stale one is refused.
            .mutateAsync({ name })
            .then((result) => {
              // Spec 01 §8: a 400 is logged by the client and returned; the person is told why
              // (the server's message names the field), and the old name stays.
              if (isBadRequest(result)) {
                notifications.notify({
                  kind: 'error',
                  message: `The team could not be renamed: ${result.message}`,
                });
              }
            })
            .catch(failed('Renaming the team'));
        }}
        onAddMembers={() => {
          setPicking(true);
        }}
        onRemoveMember={(member) => {
          remove.mutateAsync([Number(member.id)]).catch(failed('Removing the member'));
        }}
        onJoin={() => {
          join.join().catch(failed('Joining the team'));
        }}
        onLeave={() => {
          leave
            .leave()
            .then((result) => {
              if (isBadRequest(result)) throw new Error(result.message);
              void navigate('/');
            })
            .catch((error: unknown) => {
              // Spec 01 §8: leave-team failures are logged (the dialog has already closed).
              logger.error('Leaving the team failed', { teamId: team.id, error: String(error) });
            });
        }}
      />
      {picking ? (
        <ContactPickerContainer
          title="Add members"
          saveLabel="Add"
          excludeIds={team.user_ids}
          onClose={() => {
            setPicking(false);
          }}
          onSave={(people) => {
            setPicking(false);
            if (people.length > 0) {
              add.mutateAsync(people.map((p) => p.id)).catch(failed('Adding members'));
            }
          }}
        />
      ) : null}
    </>
  );
}
