import { TASKS_LIMIT, patientsEndpoints, tasksForSave, type PatientCard } from '@pando/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { isBadRequest, orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { isEditConflict } from './editConflict';
import { patientCardKeys, updatePatientCard } from './patientCards';

export interface TaskFilter {
  completed?: boolean;
  offset?: number;
  limit?: number;
  patient_card_id?: number;
}

export async function listTasks(http: HttpClient, filter: TaskFilter = {}) {
  const answer = orThrowBadRequest(
    await call(http, patientsEndpoints.tasks, { query: { limit: TASKS_LIMIT, ...filter } }),
  );
  return answer.results;
}

const taskKeys = {
  all: ['tasks'] as const,
  list: (filter: TaskFilter) => [...taskKeys.all, filter] as const,
};

/** Spec 01 §4 "Task": completing records completed_at and completed_by_id; un-completing clears it. */
export function toggleTaskInCard(
  card: PatientCard,
  taskId: number | string,
  completed: boolean,
  userId: number,
  now: Date,
): PatientCard {
  return {
    ...card,
    tasks: card.tasks.map((task) =>
      task.id === taskId
        ? {
            ...task,
            completed,
            completed_at: completed ? now.toISOString() : null,
            completed_by_id: completed ? userId : null,
          }
        : task,
    ),
  };
}

/**
 * Ticks or unticks a task with instant feedback: the cached card changes at once, the save goes
 * through the card PUT (spec 01 §7 "Task saves go through the card PUT"), and a refusal restores
 * the card as it was.
 */
export function useToggleTaskMutation(cardId: number, userId: number) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const key = patientCardKeys.detail(cardId);
  return useMutation({
    // Runs after onMutate, so the cached card already carries the toggle being saved.
    mutationFn: async (_toggle: { taskId: number | string; completed: boolean }) => {
      const card = queryClient.getQueryData<PatientCard>(key);
      if (!card) throw new Error(`Patient card ${cardId} is not loaded`);
      const result = await updatePatientCard(http, cardId, {
        tasks: tasksForSave(card.tasks, cardId),
        // The version ticked on: tasks others added meanwhile are kept; a tick on a copy of a
        // task someone else changed since is refused (409, issue 35) and the card refetched.
        modified_at: card.modified_at,
      });
      if (isBadRequest(result)) throw new Error(result.message);
      return result;
    },
    onMutate: async ({ taskId, completed }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PatientCard>(key);
      if (previous) {
        queryClient.setQueryData<PatientCard>(
          key,
          toggleTaskInCard(previous, taskId, completed, userId, new Date()),
        );
      }
      return { previous };
    },
    onError: async (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (isEditConflict(error)) await queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (card) => {
      queryClient.setQueryData(key, card);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}
