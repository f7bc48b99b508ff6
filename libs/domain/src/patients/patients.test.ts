import { describe, expect, it } from 'vitest';
import {
  canEditSection,
  completeTask,
  isCardEditable,
  newTaskId,
  parsePatientSort,
  patientDetailMode,
  patientPageState,
  sortPatientCards,
  splitTasks,
  tasksForSave,
  toggleTask,
  uncompleteTask,
  wardIdForSave,
  wardLabel,
  wardOptions,
} from './rules';
import {
  PatientCardSchema,
  PatientSchema,
  PatientUpdateSchema,
  ReassignBodySchema,
  TaskSchema,
  type PatientCard,
  type Task,
} from './schemas';

const task = (id: Task['id'], title: string, extra: Partial<Task> = {}): Task => ({
  id,
  title,
  completed: false,
  order: 0,
  ...extra,
});

function card(id: number, created: string, patient?: Partial<PatientCard['patient']>): PatientCard {
  return PatientCardSchema.parse({
    id,
    title: `Card ${id}`,
    created_at: created,
    modified_at: created,
    patient: patient ? { id, first_name: '', last_name: '', ...patient } : null,
  });
}

describe('patient cards (spec 01 §3, §4, §5, §6)', () => {
  it('a card is editable only when its editable flag is true (default true)', () => {
    expect(isCardEditable({})).toBe(true);
    expect(isCardEditable({ editable: true })).toBe(true);
    expect(isCardEditable({ editable: false })).toBe(false);
    expect(PatientCardSchema.parse(card(1, '2026-01-01T00:00:00Z')).editable).toBe(true);
  });

  it('tasks with an empty title are dropped when saving the card', () => {
    const payload = tasksForSave(
      [
        task(5, 'Bloods', { completed: true, completed_by_id: 4 }),
        task(newTaskId(1), '  '),
        task(newTaskId(2), ' ECG '),
      ],
      9,
    );
    expect(payload).toEqual([
      { id: 5, patient_card_id: 9, completed_by_id: 4, completed: true, order: 0, title: 'Bloods' },
      { patient_card_id: 9, completed_by_id: null, completed: false, order: 1, title: 'ECG' },
    ]);
  });

  it('completing records completed_at and completed_by_id; un-completing clears completed_by_id', () => {
    const now = new Date('2026-01-10T09:30:00.000Z');
    const done = completeTask(task(1, 'x'), 4, now);
    expect(done).toMatchObject({
      completed: true,
      completed_at: '2026-01-10T09:30:00.000Z',
      completed_by_id: 4,
    });
    expect(uncompleteTask(done)).toMatchObject({
      completed: false,
      completed_by_id: null,
      completed_at: null,
    });
  });

  it('a tick changes only the task ticked; unticking it clears who and when', () => {
    const now = new Date('2026-01-10T09:30:00.000Z');
    const list = [task(1, 'Bloods'), task(2, 'ECG')];
    const ticked = toggleTask(list, 2, true, 4, now);
    expect(ticked[0]).toBe(list[0]);
    expect(ticked[1]).toMatchObject({
      completed: true,
      completed_by_id: 4,
      completed_at: now.toISOString(),
    });
    expect(toggleTask(ticked, 2, false, 9, now)[1]).toMatchObject({
      completed: false,
      completed_by_id: null,
      completed_at: null,
    });
  });

  it("completed tasks are listed under 'Completed tasks'", () => {
    const { open, completed } = splitTasks([
      task(1, 'b', { order: 2 }),
      task(2, 'a', { order: 1, completed: true }),
      task(3, 'c', { order: 0 }),
    ]);
    expect(open.map((t) => t.id)).toEqual([3, 1]);
    expect(completed.map((t) => t.id)).toEqual([2]);
  });

  it('sort by name, location, newest (default newest)', () => {
    const cards = [
      card(1, '2026-01-01T00:00:00Z', {
        last_name: 'zed',
        first_name: 'A',
        bed: '2',
        ward: { id: 3, name: 'Ward B' },
      }),
      card(2, '2026-01-03T00:00:00Z', { last_name: 'Adams', first_name: 'B' }),
      card(3, '2026-01-02T00:00:00Z', {
        last_name: 'Brown',
        bed: '1',
        ward: { id: 2, name: 'Ward A' },
      }),
      card(4, '2026-01-02T00:00:00Z'),
    ];
    expect(sortPatientCards(cards).map((c) => c.id)).toEqual([2, 4, 3, 1]);
    expect(sortPatientCards(cards, 'name').map((c) => c.id)).toEqual([2, 3, 4, 1]);
    expect(sortPatientCards(cards, 'location').map((c) => c.id)).toEqual([3, 1, 2, 4]);
    expect(parsePatientSort('location')).toBe('location');
    expect(parsePatientSort('random')).toBe('newest');
    expect(parsePatientSort(null)).toBe('newest');
  });

  it("gender defaults to MALE; 'No ward' is the pseudo-ward id 0", () => {
    expect(PatientSchema.parse({ id: 1, first_name: 'A', last_name: 'B' }).gender).toBe('MALE');
    expect(
      PatientSchema.safeParse({ id: 1, first_name: 'A', last_name: 'B', gender: 'X' }).error
        ?.issues[0]?.path,
    ).toEqual(['gender']);
    expect(
      wardOptions([
        { id: 5, name: 'b ward' },
        { id: 4, name: 'A ward' },
        { id: 0, name: 'x' },
      ]),
    ).toEqual([
      { value: 0, label: 'No ward' },
      { value: 4, label: 'A ward' },
      { value: 5, label: 'b ward' },
    ]);
    expect(wardIdForSave(0)).toBeNull();
    expect(wardIdForSave(undefined)).toBeNull();
    expect(wardIdForSave(4)).toBe(4);
    expect(wardLabel(null)).toBe('No ward');
    expect(wardLabel({ id: 0, name: 'x' })).toBe('No ward');
    expect(wardLabel({ id: 2, name: 'Ward 7' })).toBe('Ward 7');
  });

  it('/patients/{state}: create, a numeric card id, or empty', () => {
    expect(patientPageState('create')).toEqual({ kind: 'create' });
    expect(patientPageState('42')).toEqual({ kind: 'card', id: 42 });
    expect(patientPageState('42abc')).toEqual({ kind: 'empty' });
    expect(patientPageState(undefined)).toEqual({ kind: 'empty' });
  });

  it('detail page: loading, empty, create, default; create mode makes everything editable', () => {
    expect(patientDetailMode({ kind: 'create' }, true)).toBe('create');
    expect(patientDetailMode({ kind: 'empty' }, false)).toBe('empty');
    expect(patientDetailMode({ kind: 'card', id: 1 }, true)).toBe('loading');
    expect(patientDetailMode({ kind: 'card', id: 1 }, false)).toBe('default');
    expect(canEditSection('create', null)).toBe(true);
    expect(canEditSection('default', { editable: false })).toBe(false);
    expect(canEditSection('default', {})).toBe(true);
    expect(canEditSection('default', null)).toBe(false);
    expect(canEditSection('loading', {})).toBe(false);
  });

  it('wire bodies name their bad fields', () => {
    expect(
      ReassignBodySchema.safeParse({ users: [1], teams: ['x'] }).error?.issues[0]?.path,
    ).toEqual(['teams', 0]);
    expect(
      PatientUpdateSchema.safeParse({ patient: { dob: '31/01/2000' } }).error?.issues[0]?.path,
    ).toEqual(['patient', 'dob']);
    expect(TaskSchema.parse({ id: 'new-task-1', title: '' }).completed).toBe(false);
  });
});
