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

/** A task row of a card, as the server and the mock backend store it. */
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
 * - with `base` (the card's `modified_at` the editor loaded): a saved task someone else changed
 *   after `base` keeps that change (the first save of a task wins; the editor gets the merged
 *   card back), and a task the editor did not list is removed only when it existed, unchanged by
 *   others, at `base` — tasks others added or changed meanwhile are kept. The editor's own
 *   changes since `base` do not protect a task from them.
 */
export function mergeCardTasks(input: TaskMergeInput): TaskMergePlan {
  const { stored, base, callerId, now } = input;
  const byId = new Map(stored.map((t) => [t.id, t]));
  const plan: TaskMergePlan = { update: [], create: [], delete: [], completedNow: 0 };
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
    if (changedSinceBase(saved)) continue;
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
    if (values.completed && !saved.completed) plan.completedNow++;
    plan.update.push({ id: saved.id, ...values });
  }

  for (const saved of stored) {
    if (listed.has(saved.id)) continue;
    const seenByEditor =
      base === null || (!after(saved.created_at, base) && !changedSinceBase(saved));
    if (seenByEditor) plan.delete.push(saved.id);
  }
  return plan;
}
