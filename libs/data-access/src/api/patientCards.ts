import {
  CARD_SHARE_ACCESS_TYPE,
  PATIENT_CARDS_LIMIT,
  patientsEndpoints,
  type PatientCard,
  type ShareTarget,
  type TaskPayload,
} from '@pando/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { isBadRequest, orThrowBadRequest } from '../http/errors';
import { isEditConflict } from './editConflict';
import { useHttpClient } from './PandoApiProvider';
import { OPEN_RECORD_REFRESH, STALE } from './stale';

const CARD_EMBED = 'patient,users,teams';

/** The person's cards, newest first; `search` finds them by patient name or identifier. */
export async function listPatientCards(
  http: HttpClient,
  limit = PATIENT_CARDS_LIMIT,
  search?: string,
) {
  const answer = orThrowBadRequest(
    await call(http, patientsEndpoints.cards, {
      query: { embed: CARD_EMBED, limit, ...(search ? { search } : {}) },
    }),
  );
  return answer.results;
}

export async function getPatientCard(http: HttpClient, id: number) {
  return orThrowBadRequest(
    await call(http, patientsEndpoints.card, { params: { id }, query: { embed: CARD_EMBED } }),
  );
}

export interface PatientCardUpdate {
  title?: string;
  /** A string (the server refuses null: PatientCardUpdateSchema). */
  subtitle?: string;
  /** As the domain's `tasksForSave` makes them (spec 01 §7 "Tasks"): no id until saved. */
  tasks?: TaskPayload[];
  /**
   * The card's `modified_at` this edit started from: the server then keeps the tasks others
   * added or changed meanwhile instead of replacing the list (apps/server/README.md "Patients").
   */
  modified_at?: string;
}

/**
 * PUT /cards-multiple-reassign/{id}. `tasks` come from the domain's `tasksForSave` (the one task
 * serialiser: blank titles dropped, titles trimmed, order renumbered), which every caller uses.
 */
export function updatePatientCard(http: HttpClient, id: number, update: PatientCardUpdate) {
  return call(http, patientsEndpoints.updateCard, { params: { id }, body: update });
}

export function deletePatientCard(http: HttpClient, id: number) {
  return call(http, patientsEndpoints.deleteCard, { params: { id } });
}

/** POST /cards-multiple-reassign?assignee=users&assignee_id={userId}&with_empty_task=false. */
export function createPatientCard(
  http: HttpClient,
  assigneeUserId: number,
  card: { title: string; subtitle?: string },
) {
  return call(http, patientsEndpoints.createCard, {
    query: { assignee: 'users', assignee_id: assigneeUserId, with_empty_task: false },
    body: card,
  });
}

export function reassignPatientCard(
  http: HttpClient,
  id: number,
  assignees: { users: number[]; teams: number[] },
) {
  return call(http, patientsEndpoints.reassignCard, { params: { id }, body: assignees });
}

/** POST /cards/{id}/export-to-email?timezone={tz}: dates in the mail use the reader's zone. */
function exportPatientCardToEmail(http: HttpClient, id: number, timezone: string) {
  return call(http, patientsEndpoints.exportCardToEmail, {
    params: { id },
    query: { timezone },
    body: undefined,
  });
}

/** Shares a card into a chat (always POST: the spec's GET reading would put a write in a GET). */
export function sharePatientCard(http: HttpClient, cardId: number, target: ShareTarget) {
  const input = {
    params: { id: cardId, targetId: target.id },
    body: { access_type: CARD_SHARE_ACCESS_TYPE } as const,
  };
  if (target.kind === 'user') return call(http, patientsEndpoints.shareCardWithUser, input);
  if (target.kind === 'team') return call(http, patientsEndpoints.shareCardWithTeam, input);
  return call(http, patientsEndpoints.shareCardWithAdvice, input);
}

export const patientCardKeys = {
  all: ['patient-cards'] as const,
  list: () => [...patientCardKeys.all, 'list'] as const,
  // Under the list: whatever refreshes the list refreshes the searches too.
  search: (term: string) => [...patientCardKeys.list(), 'search', term] as const,
  detail: (id: number) => [...patientCardKeys.all, 'detail', id] as const,
};

export function usePatientCardsQuery() {
  const http = useHttpClient();
  return useQuery({
    queryKey: patientCardKeys.list(),
    queryFn: () => listPatientCards(http),
    staleTime: STALE.patientCards,
  });
}

/**
 * Cards found by the patient's name or identifier (the share picker, the header search); an
 * empty term lists the newest. Only for people with the patient list (`enabled`).
 */
export function usePatientCardSearchQuery(term: string, options: { enabled?: boolean } = {}) {
  const http = useHttpClient();
  const search = term.trim();
  return useQuery({
    queryKey: patientCardKeys.search(search),
    queryFn: () => listPatientCards(http, PATIENT_CARDS_LIMIT, search),
    enabled: options.enabled ?? true,
    staleTime: STALE.patientCards,
    placeholderData: (previous) => previous,
  });
}

/** The open card: it follows others' changes while it is shown (OPEN_RECORD_REFRESH). */
export function usePatientCardQuery(id: number | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: patientCardKeys.detail(id ?? -1),
    queryFn: () => getPatientCard(http, id ?? -1),
    enabled: id !== undefined,
    staleTime: STALE.patientCards,
    ...OPEN_RECORD_REFRESH,
  });
}

export function useCreatePatientCardMutation(assigneeUserId: number) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: { title: string; subtitle?: string }) =>
      createPatientCard(http, assigneeUserId, card),
    onSuccess: async (card) => {
      if (isBadRequest(card)) return;
      queryClient.setQueryData(patientCardKeys.detail(card.id), card);
      await queryClient.invalidateQueries({ queryKey: patientCardKeys.list() });
    },
  });
}

export function useUpdatePatientCardMutation(id: number) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PatientCardUpdate) => updatePatientCard(http, id, update),
    onSuccess: async (card) => {
      if (isBadRequest(card)) return;
      queryClient.setQueryData(patientCardKeys.detail(id), card);
      await queryClient.invalidateQueries({ queryKey: patientCardKeys.list() });
    },
    onError: async (error) => {
      // Refused as made on a stale copy (issue 35): show the card as it is now.
      if (isEditConflict(error))
        await queryClient.invalidateQueries({ queryKey: patientCardKeys.detail(id) });
    },
  });
}

export function useDeletePatientCardMutation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deletePatientCard(http, id),
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: patientCardKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: patientCardKeys.list() });
    },
  });
}

/**
 * Spec 01 §8: "A failed reassign of assignees removes the card from the client store and shows a
 * notification" (the notification is the caller's; the card leaves the cache here).
 */
export function useReassignPatientCardMutation(id: number) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignees: { users: number[]; teams: number[] }) =>
      reassignPatientCard(http, id, assignees),
    onError: () => {
      queryClient.removeQueries({ queryKey: patientCardKeys.detail(id) });
      queryClient.setQueryData<PatientCard[]>(patientCardKeys.list(), (cards) =>
        cards?.filter((card) => card.id !== id),
      );
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: patientCardKeys.all });
    },
  });
}

export function useExportPatientCardMutation(cardId: number) {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (timezone: string) => exportPatientCardToEmail(http, cardId, timezone),
  });
}
