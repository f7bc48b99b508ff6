import type { Patient, PatientCard, Task, Ward } from '@pando/domain';

/** Story data shared by the patient components' stories. */
export const storyWards: Ward[] = [
  { id: 7, name: 'Ward 7' },
  { id: 2, name: 'Ward 2' },
];

export const storyPatient: Patient = {
  id: 1,
  first_name: 'Ada',
  last_name: 'Zimmer',
  dob: '1950-03-01',
  gender: 'FEMALE',
  patient_identificator: 'NHS 123 456',
  overview: 'Admitted with chest pain.\nTroponin pending.',
  bed: '3',
  ward_id: 7,
  hospital_id: 1,
  ward: { id: 7, name: 'Ward 7' },
};

export const storyTasks: Task[] = [
  { id: 1, title: 'Bloods', completed: false, order: 0 },
  { id: 2, title: 'ECG', completed: true, completed_by_id: 5, order: 1 },
  { id: 3, title: 'Chase echo', completed: false, order: 2 },
];

/** A card of `storyPatient`'s shape for the picker and gallery stories. */
export function storyCard(
  id: number,
  first: string,
  last: string,
  identifier: string,
): PatientCard {
  return {
    id,
    title: `${first} ${last}`,
    subtitle: null,
    patient_id: id,
    patient: {
      ...storyPatient,
      id,
      first_name: first,
      last_name: last,
      patient_identificator: identifier,
    },
    users: [],
    teams: [],
    tasks: [],
    created_at: new Date(Date.UTC(2026, 0, id)).toISOString(),
    modified_at: new Date(Date.UTC(2026, 0, id)).toISOString(),
    editable: true,
  };
}
