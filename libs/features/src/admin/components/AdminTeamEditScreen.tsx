import {
  adminRows,
  adminTeamMemberIds,
  isBadRequest,
  useAdminNetworksInfiniteQuery,
  useAdminOrganisationsQuery,
  useAdminTeamQuery,
  useAdminUsersInfiniteQuery,
  useSaveAdminTeamMutation,
  type AdminTeamKind,
} from '@pando/data-access';
import {
  showsNetworkDropdown,
  showsOrganisationDropdown,
  textsWith,
  displayName,
} from '@pando/domain';
import { LoadingScreen, TeamForm } from '@pando/ui';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppServices } from '../../common/AppServices';
import { errorText } from '../hooks/errorText';
import { useManageViewer } from '../hooks/useManageViewer';

/** People offered as members: the reach's users, one large page (sorted by last name). */
const PEOPLE_PAGE = 1000;

/**
 * Create or edit a team or advice channel (spec 02 §2, §4, §5): the organisation dropdown for a
 * network admin and the network dropdown for a product admin on creation only; on edit the
 * members are saved as differences; success says '"{name}" has been created/updated'.
 */
export function AdminTeamEditScreen({
  kind,
  mode,
}: {
  kind: AdminTeamKind;
  mode: 'create' | 'edit';
}) {
  const { viewer } = useManageViewer();
  const navigate = useNavigate();
  const { notifications } = useAppServices();
  const { id: idParam } = useParams();
  const id = mode === 'edit' ? Number(idParam) : undefined;
  const base = kind === 'team' ? '/manage/teams' : '/manage/advice-channels';
  const team = useAdminTeamQuery(kind, id);
  const people = useAdminUsersInfiniteQuery({ pageSize: PEOPLE_PAGE, sort: 'last_name' });
  const withOrganisations = showsOrganisationDropdown(viewer, mode);
  const withNetworks = showsNetworkDropdown(viewer, mode);
  const organisations = useAdminOrganisationsQuery({}, withOrganisations);
  const networks = useAdminNetworksInfiniteQuery({ pageSize: 1000 }, withNetworks);
  const save = useSaveAdminTeamMutation(kind);
  const [error, setError] = useState<string | null>(null);

  if (mode === 'edit' && !team.data) {
    return team.error ? (
      <p role="alert">{errorText(team.error)}</p>
    ) : (
      <LoadingScreen fullScreen={false} />
    );
  }
  const current = team.data ? adminTeamMemberIds(team.data) : [];
  const peopleOptions = adminRows(people.data).map((u) => ({
    value: String(u.id),
    label: displayName(u),
  }));
  // Members already in the team stay listed even if the reach's list does not hold them.
  if (team.data && 'members' in team.data) {
    for (const m of team.data.members) {
      if (typeof m !== 'number' && !peopleOptions.some((o) => o.value === String(m.id)))
        peopleOptions.push({ value: String(m.id), label: displayName(m) });
    }
  }
  return (
    <TeamForm
      // A new version (someone else's change, after a refused save) fills the form again.
      key={team.data ? `${team.data.id}-${team.data.modified_at ?? ''}` : 'new'}
      kind={kind === 'team' ? 'team' : 'adviceChannel'}
      mode={mode}
      initial={
        team.data
          ? {
              name: team.data.name,
              description: 'description' in team.data ? (team.data.description ?? '') : '',
              members: current,
            }
          : {}
      }
      people={peopleOptions}
      organisations={
        withOrganisations
          ? (organisations.data?.results ?? [])
              .filter((o) => o.uuid)
              .map((o) => ({ value: o.uuid ?? '', label: o.name }))
          : undefined
      }
      networks={
        withNetworks
          ? adminRows(networks.data)
              .filter((n) => n.uuid)
              .map((n) => ({ value: n.uuid ?? '', label: n.name }))
          : undefined
      }
      saving={save.isPending}
      error={error}
      onCancel={() => {
        void navigate(base);
      }}
      onSubmit={(values) => {
        setError(null);
        save.mutate(
          {
            id,
            current,
            version: team.data?.modified_at,
            input: {
              name: values.name,
              members: values.members,
              ...(kind === 'advice' ? { description: values.description } : {}),
            },
            scope: {
              organisation: values.organisation ?? undefined,
              network: values.network ?? undefined,
            },
          },
          {
            onSuccess: (answer) => {
              if (isBadRequest(answer)) {
                setError(answer.message);
                return;
              }
              notifications.notify({
                kind: 'success',
                message:
                  mode === 'create'
                    ? textsWith.created(answer.name)
                    : textsWith.updated(answer.name),
              });
              void navigate(base);
            },
            onError: (e) => {
              setError(errorText(e));
            },
          },
        );
      }}
    />
  );
}
