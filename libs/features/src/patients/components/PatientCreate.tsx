import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  deletePatientCard,
  isBadRequest,
  patientCardKeys,
  updatePatient,
  updatePatientCard,
  useCreatePatientCardMutation,
  useHttpClient,
  useWardsQuery,
} from '@pando/data-access';
import { newTaskId, tasksForSave, toggleTask, type Task } from '@pando/domain';
import {
  BackToListButton,
  NotesField,
  PatientInfoFields,
  PatientSection,
  TasksPanel,
  patientInfoValues,
} from '@pando/ui';
import { useViewer } from '../../common/viewer';
import { cardTitle, patientFromInfo } from './patientSave';

/**
 * /patients/create (spec 01 §4 "create": everything editable; Save creates the card). The card
 * is created, then its patient and tasks are saved; if that fails the new card is deleted again,
 * so a refused identifier leaves nothing half-made behind and the form keeps what was typed.
 */
export function PatientCreate() {
  const viewer = useViewer();
  const http = useHttpClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wards = useWardsQuery(viewer.hospital?.name);
  const create = useCreatePatientCardMutation(viewer.id);
  const [values, setValues] = useState(() => patientInfoValues(null));
  const [notes, setNotes] = useState('');
  const [tasks, setTasks] = useState<Task[]>([]);
  const [seq, setSeq] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const card = await create.mutateAsync({ title: cardTitle(values) });
      if (isBadRequest(card)) throw new Error(card.message);
      const patientId = card.patient_id ?? card.patient?.id;
      const rest = async () => {
        if (patientId != null) {
          const patient = await updatePatient(http, patientId, {
            ...patientFromInfo(values),
            overview: notes,
          });
          if (isBadRequest(patient)) throw new Error(patient.message);
        }
        const kept = tasksForSave(tasks, card.id);
        if (kept.length > 0) {
          const saved = await updatePatientCard(http, card.id, { tasks: kept });
          if (isBadRequest(saved)) throw new Error(saved.message);
        }
      };
      try {
        await rest();
      } catch (cause) {
        await deletePatientCard(http, card.id).catch(() => undefined);
        throw cause;
      } finally {
        await queryClient.invalidateQueries({ queryKey: patientCardKeys.all });
      }
      void navigate(`/patients/${String(card.id)}`);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The patient could not be created.');
    } finally {
      setSaving(false);
    }
  };

  return (
    // Not a <form>: the tasks panel's add-task form would be nested in it.
    <Stack gap="md" p="md" h="100%" style={{ overflowY: 'auto' }}>
      <Group gap="xs" wrap="nowrap">
        <BackToListButton label="Back to patients" onBack={() => void navigate('/patients')} />
        <Title order={1} size="h3">
          New patient
        </Title>
      </Group>
      <PatientSection title="Patient info" editable>
        <PatientInfoFields values={values} onChange={setValues} wards={wards.data ?? []} />
      </PatientSection>
      <PatientSection title="Notes" editable>
        <NotesField value={notes} onChange={setNotes} />
      </PatientSection>
      <TasksPanel
        tasks={tasks}
        editable
        onAdd={(title) => {
          setSeq(seq + 1);
          setTasks([
            ...tasks,
            { id: newTaskId(seq + 1), title, completed: false, order: tasks.length },
          ]);
        }}
        onToggle={(task, completed) => {
          setTasks(toggleTask(tasks, task.id, completed, viewer.id, new Date()));
        }}
        onRename={(task, title) => {
          setTasks(tasks.map((t) => (t.id === task.id ? { ...t, title } : t)));
        }}
      />
      <Text size="sm" c="dimmed">
        Images and assignees can be added once the patient is saved.
      </Text>
      {error && (
        <Text c="red" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate('/patients')}>
          Cancel
        </Button>
        <Button
          loading={saving}
          onClick={() => {
            void save();
          }}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
