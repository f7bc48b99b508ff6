import { Button, Center, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDotsVertical, IconHelp, IconHistory, IconMail, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  isBadRequest,
  ForbiddenError,
  isEditConflict,
  NotFoundError,
  useCopyFreshness,
  useDeletePatientCardMutation,
  useExportPatientCardMutation,
  usePatientCardQuery,
  useReassignPatientCardMutation,
  useTeamsWithAdviceConversationsQuery,
  useUpdatePatientMutation,
  useUploadPatientImageMutation,
  useWardsQuery,
} from '@pando/data-access';
import {
  canSeeAdminMenu,
  displayName,
  isCardEditable,
  TEXTS,
  type PatientCard,
  type SearchUser,
} from '@pando/domain';
import {
  AssigneesPanel,
  BackToListButton,
  DeletePatientDialog,
  ImagesPanel,
  NotesPanel,
  PatientHelpDialog,
  PatientInfoPanel,
  TasksPanel,
  patientCardName,
} from '@pando/ui';
import { useViewer } from '../../common/viewer';
import { useAppServices } from '../../common/AppServices';
import { ContactPickerContainer } from '../../teams/components/ContactPickerContainer';
import { useFullImageUrl, usePatientImages } from '../hooks/usePatientImages';
import { useTaskDrafts } from '../hooks/useTaskDrafts';
import { patientFromInfo } from './patientSave';
import { TeamAssignDialog } from './TeamAssignDialog';

/** /patients/{id}: the card's panels, or 'not found' for a card the person does not see. */
export function PatientDetail({ cardId }: { cardId: number }) {
  const card = usePatientCardQuery(cardId);
  const freshness = useCopyFreshness(card);
  const navigate = useNavigate();
  if (card.isPending && card.fetchStatus === 'paused') {
    // Issue 37: offline, and this card is not in the offline copy (never opened here, or the
    // organisation keeps no patient data offline).
    return (
      <Stack p="md" align="flex-start">
        <BackToListButton label="Back to patients" onBack={() => void navigate('/patients')} />
        <Text role="status">{TEXTS.offlineNotKept}</Text>
      </Stack>
    );
  }
  if (card.isPending) {
    return (
      <Center h="100%" p="md">
        <Loader aria-label="Loading patient" />
      </Center>
    );
  }
  // Deleted or no longer shared (404/403), also when an answer is still held: the one from
  // before the change, or the offline copy's (issue 37). A failure of another kind (the network,
  // a server error) keeps the card shown.
  const gone = card.error instanceof NotFoundError || card.error instanceof ForbiddenError;
  if (!card.data || gone) {
    return (
      <Stack p="md" align="flex-start">
        <BackToListButton label="Back to patients" onBack={() => void navigate('/patients')} />
        <Title order={1} size="h3">
          Patient not found
        </Title>
        <Text c="dimmed">This card was deleted or is no longer shared with you.</Text>
      </Stack>
    );
  }
  return <PatientCardView key={card.data.id} card={card.data} freshness={freshness} />;
}

function PatientCardView({ card, freshness }: { card: PatientCard; freshness: string | null }) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const { notifications, logger } = useAppServices();
  const editable = isCardEditable(card);
  const patient = card.patient;
  const patientId = card.patient_id ?? patient?.id;
  const wards = useWardsQuery(viewer.hospital?.name);
  const updatePatient = useUpdatePatientMutation(patientId ?? -1);
  const upload = useUploadPatientImageMutation(patientId ?? -1);
  const reassign = useReassignPatientCardMutation(card.id);
  const remove = useDeletePatientCardMutation();
  const exportCard = useExportPatientCardMutation(card.id);
  const teams = useTeamsWithAdviceConversationsQuery();
  const images = usePatientImages(patientId ?? undefined);
  const [viewing, setViewing] = useState<number>();
  const fullUrl = useFullImageUrl(viewing);
  const [uploading, setUploading] = useState<string[]>([]);
  const [infoError, setInfoError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'delete' | 'help' | 'people' | 'teams' | null>(null);
  const error = (message: string) => {
    notifications.notify({ kind: 'error', message });
  };
  const tasks = useTaskDrafts(card, viewer.id, error);
  const name = patientCardName(card);

  // The version each panel's edit started from: the open card refreshes while a panel is being
  // edited (OPEN_RECORD_REFRESH), and a save must carry the version the person edited, not the
  // one fetched since, or it would silently undo the other person's change (issue 35).
  const editedVersion = useRef<{ info?: string; notes?: string }>({});
  const startEdit = (panel: 'info' | 'notes') => {
    editedVersion.current[panel] = patient?.modified_at;
  };

  const savePatient = async (
    fields: Parameters<typeof patientFromInfo>[0] | { overview: string },
  ) => {
    const panel = 'overview' in fields ? 'notes' : 'info';
    const body = 'overview' in fields ? fields : patientFromInfo(fields);
    // Made on the version the edit started from: if someone else changed the patient since, the
    // save is refused, the panel leaves edit mode and shows the latest version, refetched by the
    // mutation, and the person is told (issue 35).
    const version = editedVersion.current[panel] ?? patient?.modified_at;
    let result: Awaited<ReturnType<typeof updatePatient.mutateAsync>>;
    try {
      result = await updatePatient.mutateAsync(
        version === undefined ? body : { ...body, modified_at: version },
      );
    } catch (cause) {
      if (!isEditConflict(cause)) throw cause;
      error(TEXTS.editConflict);
      setInfoError(null);
      return;
    }
    if (isBadRequest(result)) {
      setInfoError(result.message);
      throw new Error(result.message);
    }
    setInfoError(null);
  };

  const saveAssignees = (users: number[], teamIds: number[]) => {
    reassign.mutate(
      { users, teams: teamIds },
      {
        onSuccess: (result) => {
          if (isBadRequest(result)) error(result.message);
        },
        onError: (cause) => {
          // Spec 01 §8: the card leaves the list (the hook) and the person is told.
          logger.warn('reassign failed', { cardId: card.id, error: String(cause) });
          error('The assignees could not be changed; the card was removed from your list.');
          void navigate('/patients');
        },
      },
    );
  };
  const userIds = card.users.map((u) => u.id);
  const teamIds = card.teams.map((t) => t.id);

  return (
    <Stack gap="md" p="md" h="100%" style={{ overflowY: 'auto' }}>
      {freshness ? (
        <Text size="xs" c="dimmed" role="status">
          {freshness}
        </Text>
      ) : null}
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        {/* The name wraps; the Actions button keeps its width (a phone showed "Actio…"). */}
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <BackToListButton label="Back to patients" onBack={() => void navigate('/patients')} />
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
        </Group>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              variant="subtle"
              rightSection={<IconDotsVertical size={16} aria-hidden />}
              style={{ flexShrink: 0 }}
            >
              Actions
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconMail size={16} aria-hidden />}
              onClick={() => {
                const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
                exportCard.mutate(zone, {
                  onSuccess: (result) => {
                    if (isBadRequest(result)) error(result.message);
                    else
                      notifications.notify({
                        kind: 'success',
                        message: 'The card was emailed to you.',
                      });
                  },
                  onError: () => {
                    error('The card could not be emailed. Please try again.');
                  },
                });
              }}
            >
              Email me this card
            </Menu.Item>
            {/* Issue 36: admins open the audit log filtered to this patient. */}
            {patientId != null && canSeeAdminMenu(viewer.access_level) && (
              <Menu.Item
                leftSection={<IconHistory size={16} aria-hidden />}
                onClick={() => {
                  void navigate(`/manage/audit?patient=${String(patientId)}`);
                }}
              >
                {TEXTS.auditWhoAccessed}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<IconHelp size={16} aria-hidden />}
              onClick={() => {
                setDialog('help');
              }}
            >
              Help
            </Menu.Item>
            {editable && (
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => {
                  setDialog('delete');
                }}
              >
                Delete patient
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <PatientInfoPanel
        patient={patient}
        wards={wards.data ?? []}
        editable={editable}
        error={infoError}
        onEdit={() => {
          startEdit('info');
        }}
        onSave={(values) => savePatient(values)}
      />
      <AssigneesPanel
        users={card.users}
        teams={card.teams}
        editable={editable}
        onAdd={() => {
          setDialog('people');
        }}
        onAddTeam={() => {
          setDialog('teams');
        }}
        onRemoveUser={(id) => {
          saveAssignees(
            userIds.filter((u) => u !== id),
            teamIds,
          );
        }}
        onRemoveTeam={(id) => {
          saveAssignees(
            userIds,
            teamIds.filter((t) => t !== id),
          );
        }}
      />
      <NotesPanel
        notes={patient?.overview}
        editable={editable}
        onEdit={() => {
          startEdit('notes');
        }}
        onSave={(overview) => savePatient({ overview })}
      />
      <TasksPanel
        tasks={tasks.tasks}
        editable={editable}
        onAdd={tasks.add}
        onToggle={tasks.toggle}
        onRename={tasks.rename}
        completedByName={(id) => {
          const user =
            card.users.find((u) => u.id === id) ?? (id === viewer.id ? viewer : undefined);
          return user ? displayName(user) : undefined;
        }}
      />
      <ImagesPanel
        images={images.map((image) =>
          image.id === viewing ? { ...image, imageUrl: fullUrl } : image,
        )}
        editable={editable && patientId != null}
        uploading={uploading}
        onView={setViewing}
        onRejected={error}
        onUpload={(files) => {
          setUploading((names) => [...names, ...files.map((f) => f.name)]);
          for (const file of files) {
            upload
              .mutateAsync({ image: file, title: file.name, filename: file.name })
              .then((result) => {
                if (isBadRequest(result)) error(`${file.name}: ${result.message}`);
              })
              .catch(() => {
                error(`${file.name} could not be uploaded. Please try again.`);
              })
              .finally(() => {
                setUploading((names) => names.filter((n) => n !== file.name));
              });
          }
        }}
      />
      <DeletePatientDialog
        opened={dialog === 'delete'}
        name={name}
        deleting={remove.isPending}
        onClose={() => {
          setDialog(null);
        }}
        onConfirm={() => {
          remove.mutate(card.id, {
            onSuccess: (result) => {
              if (isBadRequest(result)) {
                error(result.message);
                return;
              }
              setDialog(null);
              void navigate('/patients');
            },
            onError: () => {
              error('The patient could not be deleted. Please try again.');
            },
          });
        }}
      />
      <PatientHelpDialog
        opened={dialog === 'help'}
        onClose={() => {
          setDialog(null);
        }}
      />
      {dialog === 'people' && (
        <ContactPickerContainer
          title="Assign people"
          saveLabel="Assign"
          excludeIds={[...userIds, viewer.id]}
          onClose={() => {
            setDialog(null);
          }}
          onSave={(people: SearchUser[]) => {
            setDialog(null);
            saveAssignees([...userIds, ...people.map((p) => p.id)], teamIds);
          }}
        />
      )}
      <TeamAssignDialog
        opened={dialog === 'teams'}
        teams={(teams.data?.teams ?? []).filter((t) => !teamIds.includes(t.id))}
        onClose={() => {
          setDialog(null);
        }}
        onSave={(ids) => {
          setDialog(null);
          saveAssignees(userIds, [...teamIds, ...ids]);
        }}
      />
    </Stack>
  );
}
