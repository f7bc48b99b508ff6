import { DEFAULT_PATIENT_SORT, NO_WARD_ID, NO_WARD_LABEL, PATIENT_SORTS } from './constants';
import type { PatientCard, Task, TaskPayload, Ward } from './schemas';

export type PatientSort = (typeof PATIENT_SORTS)[number];

/** Spec 01 §6: a card is editable only when its editable flag is true (absent means true). */
export function isCardEditable(card: { editable?: boolean | null }): boolean {
  return card.editable !== false;
}

/** A task id the server issued (a number); client ids are strings until saved. */
export function isSavedTaskId(id: Task['id']): id is number {
  return typeof id === 'number';
}

/** A client id for a new task; `seq` comes from the caller so the function stays pure. */
export function newTaskId(seq: number): string {
  return `new-task-${seq}`;
}

/**
 * Spec 01 §5/§7: tasks with an empty title are dropped when saving; each carries id (only if
 * saved), patient_card_id, completed_by_id, completed, order (renumbered 0..n-1), title.
 */
export function tasksForSave(tasks: readonly Task[], cardId: number): TaskPayload[] {
  return tasks
    .filter((t) => t.title.trim() !== '')
    .map((t, order) => ({
      ...(isSavedTaskId(t.id) ? { id: t.id } : {}),
      patient_card_id: cardId,
      completed_by_id: t.completed_by_id ?? null,
      completed: t.completed,
      order,
      title: t.title.trim(),
    }));
}

/** Spec 01 §4: completing records completed_at and completed_by_id. */
export function completeTask<T extends Task>(task: T, userId: number, now: Date): T {
  return { ...task, completed: true, completed_at: now.toISOString(), completed_by_id: userId };
}

/**
 * Spec 01 §4: un-completing clears completed_by_id. completed_at is cleared too: a date of
 * completion on an open task would be shown as a lie.
 */
export function uncompleteTask<T extends Task>(task: T): T {
  return { ...task, completed: false, completed_at: null, completed_by_id: null };
}

/**
 * Spec 01 §4: ticks (recording who and when) or unticks the task `id` of a card's list; the
 * others are unchanged. What the card screen, the new-card form and the contract scenarios do.
 */
export function toggleTask<T extends Task>(
  tasks: readonly T[],
  id: Task['id'],
  completed: boolean,
  userId: number,
  now: Date,
): T[] {
  return tasks.map((t) =>
    t.id !== id ? t : completed ? completeTask(t, userId, now) : uncompleteTask(t),
  );
}

/** Spec 01 §4: open tasks, and completed ones listed (read-only) under 'Completed tasks'. */
export function splitTasks<T extends Task>(tasks: readonly T[]): { open: T[]; completed: T[] } {
  const byOrder = [...tasks].sort((a, b) => a.order - b.order);
  return {
    open: byOrder.filter((t) => !t.completed),
    completed: byOrder.filter((t) => t.completed),
  };
}

export function parsePatientSort(value: string | null | undefined): PatientSort {
  return (PATIENT_SORTS as readonly string[]).includes(value ?? '')
    ? (value as PatientSort)
    : DEFAULT_PATIENT_SORT;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function cardName(card: PatientCard): string {
  const p = card.patient;
  return p ? `${p.last_name} ${p.first_name}`.trim() || card.title : card.title;
}

function cardLocation(card: PatientCard): string {
  const p = card.patient;
  return `${p?.ward?.name ?? ''} ${p?.bed ?? ''}`.trim();
}

/**
 * Spec 01 §2 sort menu. name: patient last then first name (the card title when there is no
 * patient); location: ward then bed, cards without a location last; newest: created_at, newest
 * first (the default). Ties fall back to newest.
 */
export function sortPatientCards<T extends PatientCard>(
  cards: readonly T[],
  sort: PatientSort = DEFAULT_PATIENT_SORT,
): T[] {
  const newest = (a: T, b: T) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id;
  const compare: Record<PatientSort, (a: T, b: T) => number> = {
    newest,
    name: (a, b) => collator.compare(cardName(a), cardName(b)) || newest(a, b),
    location: (a, b) => {
      const la = cardLocation(a);
      const lb = cardLocation(b);
      if (!la !== !lb) return la ? -1 : 1;
      return collator.compare(la, lb) || newest(a, b);
    },
  };
  return [...cards].sort(compare[sort]);
}

/** Ward choices for the patient form: 'No ward' (id 0) first, then the hospital's wards by name. */
export function wardOptions(wards: readonly Ward[]): { value: number; label: string }[] {
  return [
    { value: NO_WARD_ID, label: NO_WARD_LABEL },
    ...[...wards]
      .filter((w) => w.id !== NO_WARD_ID)
      .sort((a, b) => collator.compare(a.name, b.name))
      .map((w) => ({ value: w.id, label: w.name })),
  ];
}

/** The ward_id to send: the pseudo-ward 0 means none. */
export function wardIdForSave(value: number | null | undefined): number | null {
  return value == null || value === NO_WARD_ID ? null : value;
}

/** Label of a patient's ward. */
export function wardLabel(ward: { id: number; name: string } | null | undefined): string {
  return ward && ward.id !== NO_WARD_ID ? ward.name : NO_WARD_LABEL;
}

/** /patients/{state}: create, a numeric card id, or empty (spec 01 §2). */
export type PatientPageState =
  { kind: 'create' } | { kind: 'card'; id: number } | { kind: 'empty' };

export function patientPageState(state: string | undefined): PatientPageState {
  if (state === 'create') return { kind: 'create' };
  if (state && /^\d{1,12}$/.test(state)) return { kind: 'card', id: Number(state) };
  return { kind: 'empty' };
}

/** Detail page mode (spec 01 §4): loading, empty, create, default; sections toggle view/edit. */
export type PatientDetailMode = 'loading' | 'empty' | 'create' | 'default';

export function patientDetailMode(page: PatientPageState, loading: boolean): PatientDetailMode {
  if (page.kind === 'create') return 'create';
  if (page.kind === 'empty') return 'empty';
  return loading ? 'loading' : 'default';
}

/** In create mode everything is editable; otherwise the card's flag decides (spec 01 §4, §6). */
export function canEditSection(
  mode: PatientDetailMode,
  card: { editable?: boolean | null } | null,
): boolean {
  if (mode === 'create') return true;
  return mode === 'default' && card !== null && isCardEditable(card);
}
