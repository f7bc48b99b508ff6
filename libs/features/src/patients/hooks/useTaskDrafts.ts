import { useCallback, useEffect, useRef, useState } from 'react';
import { isBadRequest, isEditConflict, useUpdatePatientCardMutation } from '@pando/data-access';
import {
  TASK_SAVE_DEBOUNCE_MS,
  TEXTS,
  newTaskId,
  tasksForSave,
  toggleTask,
  type PatientCard,
  type Task,
} from '@pando/domain';

/**
 * The tasks of an open card as the person edits them: every change shows at once and is saved
 * through the card PUT 2 s after the last one (spec 01 §9 "Task save debounce"), or at once when
 * the card is closed. The save carries the card's `modified_at` the edits started from, so tasks
 * others added meanwhile are kept, and a change of a task someone else changed meanwhile is
 * refused and the latest card shown (apps/server/README.md "Concurrent edits", issue 35).
 */
export function useTaskDrafts(
  card: PatientCard,
  userId: number,
  onSaveFailed: (message: string) => void,
) {
  const update = useUpdatePatientCardMutation(card.id);
  const [draft, setDraft] = useState<{ tasks: Task[]; base: string } | null>(null);
  const pending = useRef<{ tasks: Task[]; base: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);
  const saveRef = useRef<() => void>(() => undefined);

  saveRef.current = () => {
    const toSave = pending.current;
    pending.current = null;
    if (!toSave) return;
    update.mutate(
      { tasks: tasksForSave(toSave.tasks, card.id), modified_at: toSave.base },
      {
        onSuccess: (result) => {
          if (isBadRequest(result)) onSaveFailed(result.message);
          // Later edits are still pending: keep showing them.
          if (!pending.current) setDraft(null);
        },
        onError: (cause) => {
          // Someone else changed these tasks since they were loaded: the save was refused and the
          // card is fetched again (issue 35); pending edits on the stale copy are dropped.
          if (isEditConflict(cause)) {
            onSaveFailed(TEXTS.editConflict);
            clearTimeout(timer.current);
            pending.current = null;
            setDraft(null);
            return;
          }
          onSaveFailed('The tasks could not be saved. Please try again.');
          if (!pending.current) setDraft(null);
        },
      },
    );
  };

  useEffect(
    () => () => {
      // Closing the card saves what is pending now, not 2 s later.
      clearTimeout(timer.current);
      saveRef.current();
    },
    [],
  );

  const change = useCallback(
    (edit: (tasks: Task[]) => Task[]) => {
      const base = pending.current ?? draft ?? { tasks: card.tasks, base: card.modified_at };
      const next = { tasks: edit(base.tasks), base: base.base };
      pending.current = next;
      setDraft(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        saveRef.current();
      }, TASK_SAVE_DEBOUNCE_MS);
    },
    [card.tasks, card.modified_at, draft],
  );

  const tasks = draft?.tasks ?? card.tasks;
  return {
    tasks,
    saving: draft !== null || update.isPending,
    add: (title: string) => {
      change((list) => [
        ...list,
        {
          id: newTaskId(++seq.current),
          title,
          completed: false,
          order: list.reduce((max, t) => Math.max(max, t.order + 1), 0),
        },
      ]);
    },
    toggle: (task: Task, completed: boolean) => {
      change((list) => toggleTask(list, task.id, completed, userId, new Date()));
    },
    rename: (task: Task, title: string) => {
      change((list) => list.map((t) => (t.id === task.id ? { ...t, title } : t)));
    },
  };
}
