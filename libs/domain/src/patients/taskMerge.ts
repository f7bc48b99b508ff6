import type { TaskPayload } from './schemas';

/** A task as stored on a card (timestamps as ISO strings). */
export interface StoredTask {
  id: number;
  title: string;
  completed: boolean;
  completed_at: string | null;
  completed_by_id: number | null;
  order: number;
  created_at: string;
  modified_at: string;
  /** Who saved it last (absent: unknown, counted as someone else). */
  modified_by_id?: number | null;
}

/** A task row of a card, as the server stores it. */
export interface TaskRow extends StoredTask {
  patient_card_id: number;
}

/** The values a saved or new task ends up with. */
export interface TaskValues {
  title: string;
  completed: boolean;
  completed_at: string | null;
  completed_by_id: number | null;
  order: number;
}

export interface TaskMergePlan {
  /** Saved tasks whose values change (ids kept). */
  update: (TaskValues & { id: number })[];
  /** New tasks, in the order the editor listed them. */
  create: TaskValues[];
  /** Saved tasks the editor removed. */
  delete: number[];
  /** How many tasks this save completed (each records an analytics event). */
  completedNow: number;
  /**
   * Saved tasks this save would change or remove although someone else changed them after
   * `base`: the editor's copy of them is stale. Not empty: the save is refused (409
   * `EDIT_CONFLICT`, issue 35), never silently merged away.
   */
  conflicts: number[];
}

export interface TaskMergeInput {
  /** The card's tasks as stored now. */
  stored: readonly StoredTask[];
  /** The tasks of the card PUT, as the editor sent them. */
  incoming: readonly TaskPayload[];
  /**
   * The card's `modified_at` the editor's copy was loaded at (sent back in the PUT). Absent:
   * the editor's list is taken as the whole truth (plain replacement).
   */
  base: string | null;
  callerId: number;
  now: Date;
}

const after = (iso: string, base: string) => Date.parse(iso) > Date.parse(base);

function completion(
  wanted: boolean,
  before: Pick<StoredTask, 'completed' | 'completed_at' | 'completed_by_id'> | null,
  callerId: number,
  now: Date,
): Pick<TaskValues, 'completed' | 'completed_at' | 'completed_by_id'> {
  if (!wanted) return { completed: false, completed_at: null, completed_by_id: null };
  if (before?.completed)
    return {
      completed: true,
      completed_at: before.completed_at,
      completed_by_id: before.completed_by_id,
    };
  return { completed: true, completed_at: now.toISOString(), completed_by_id: callerId };
}

/**
 * How a card PUT's task list is saved (spec 01 §4, §5, §7 "Tasks"; issue 18), so that two
 * people editing one card never lose each other's tasks:
 * - tasks with an empty title are dropped (a saved one emptied is a removal);
 * - `completed_by_id` is the caller when the save completes a task, is kept when the task was
 *   already completed, and is cleared (with `completed_at`) on un-completion — whatever the
 *   client sent for it;
 * - the order sent is kept; saved tasks keep their ids; ids not on this card are never touched
 *   (a task another editor deleted stays deleted);
 * - with `base` (the card's `modified_at` the editor loaded): tasks others added meanwhile are
 *   kept, and the editor's changes to tasks nobody else touched are merged in; a tick others
 *   changed after `base` keeps their change (the editor's copy could only show the old one); but
 *   a new title or order, or the removal, of a task someone else changed after `base` is a
 *   change made on a stale copy: it is listed in `conflicts` and the save is refused (issue 35:
 *   409, never silently dropped). The editor's own saves since `base` (a second tick before the
 *   first came back) never conflict.
 */
export function mergeCardTasks(input: TaskMergeInput): TaskMergePlan {
  const { stored, base, callerId, now } = input;
  const byId = new Map(stored.map((t) => [t.id, t]));
  const plan: TaskMergePlan = {
    update: [],
    create: [],
    delete: [],
    completedNow: 0,
    conflicts: [],
  };
  const listed = new Set<number>();
  // Changed by someone else since the editor loaded the card. The editor's own saves in between
  // (a second tick before the first came back) do not count: theirs is the newer intent.
  const changedSinceBase = (t: StoredTask) =>
    base !== null && after(t.modified_at, base) && t.modified_by_id !== callerId;

  for (const task of input.incoming) {
    const title = task.title.trim();
    if (title === '') continue;
    if (task.id === undefined) {
      const values = {
        title,
        order: task.order,
        ...completion(task.completed, null, callerId, now),
      };
      if (values.completed) plan.completedNow++;
      plan.create.push(values);
      continue;
    }
    const saved = byId.get(task.id);
    if (!saved) continue;
    listed.add(saved.id);
    const values: TaskValues = {
      title,
      order: task.order,
      ...completion(task.completed, saved, callerId, now),
    };
    const same =
      values.title === saved.title &&
      values.order === saved.order &&
      values.completed === saved.completed &&
      values.completed_by_id === saved.completed_by_id &&
      values.completed_at === saved.completed_at;
    if (same) continue;
    if (changedSinceBase(saved)) {
      // Only the tick differs: someone else ticked or unticked it after the editor's copy was
      // loaded, so the editor's value is what their copy showed, not a change of theirs (had
      // they flipped it too, it would equal the stored one). The other's tick stays. A title or
      // order that differs may be the editor's change on a stale copy: refused.
      if (values.title !== saved.title || values.order !== saved.order)
        plan.conflicts.push(saved.id);
      continue;
    }
    if (values.completed && !saved.completed) plan.completedNow++;
    plan.update.push({ id: saved.id, ...values });
  }

  for (const saved of stored) {
    if (listed.has(saved.id)) continue;
    // A task added after `base` was never in the editor's copy: it stays.
    if (base !== null && after(saved.created_at, base)) continue;
    if (changedSinceBase(saved)) plan.conflicts.push(saved.id);
    else plan.delete.push(saved.id);
  }
  return plan;
}

/**
 * Whether a card save sets a title or subtitle on a stale copy (issue 35): the card changed
 * after `base` and the value sent is not the stored one. Without `base`, never.
 */
export function cardFieldsConflict(
  stored: { title: string; subtitle?: string | null | undefined; modified_at: string },
  sent: { title?: string | undefined; subtitle?: string | undefined },
  base: string | null,
): boolean {
  if (base === null || !after(stored.modified_at, base)) return false;
  return (
    (sent.title !== undefined && sent.title !== stored.title) ||
    (sent.subtitle !== undefined && sent.subtitle !== (stored.subtitle ?? ''))
  );
}
