import { z } from 'zod';
import { ShareBodySchema, ShareResponseSchema } from '../files/schemas';
import {
  CardExportQuerySchema,
  CardShareQuerySchema,
  PatientCardCreateQuerySchema,
  PatientCardCreateSchema,
  PatientCardListQuerySchema,
  PatientCardQuerySchema,
  PatientCardSchema,
  PatientCardUpdateSchema,
  PatientSchema,
  PatientUpdateSchema,
  ReassignBodySchema,
  TaskListQuerySchema,
  TaskSchema,
  WardsQuerySchema,
  WardsResponseSchema,
} from '../patients/schemas';
import { HospitalSchema } from '../users/schemas';
import { resultsOf } from '../wire/common';
import { IdParamSchema, NoBodySchema, ShareParamSchema } from '../wire/params';
import { MessageResponseSchema } from '../wire/responses';
import { DeletedSchema } from './admin';
import { ACCESS, endpoint, type EndpointShape } from './endpoint';
import { lazySchema } from '../wire/lazySchema';

/** A card shared into a chat (access_type READ): the same answer for every target. */
const share = <P extends string>(path: P) =>
  ({
    method: 'POST',
    path,
    params: ShareParamSchema,
    body: ShareBodySchema,
    responses: { 200: ShareResponseSchema },
    access: ACCESS.scoped('card:editor'),
  }) as const;

/**
 * Patient cards, tasks, patients, hospitals and wards (spec 01 §7, API v4). Who may act on a card
 * or a patient is its scope: the creator, assignees and members of assigned teams edit; people it
 * was shared with read (apps/server src/patients/access.ts PATIENT_SCOPES).
 */
export const patientsEndpoints = {
  /** The caller's cards (the premium feature patient_cards). */
  cards: endpoint({
    method: 'GET',
    path: '/cards-multiple-reassign',
    query: PatientCardListQuerySchema,
    responses: { 200: lazySchema(() => resultsOf(PatientCardSchema)) },
    access: ACCESS.self,
  }),
  /** A card and its (empty) patient; the creator and the query's assignee are assigned. */
  createCard: endpoint({
    method: 'POST',
    path: '/cards-multiple-reassign',
    query: PatientCardCreateQuerySchema,
    body: PatientCardCreateSchema,
    responses: { 201: PatientCardSchema },
    access: ACCESS.self,
  }),
  card: endpoint({
    method: 'GET',
    path: '/cards-multiple-reassign/:id',
    params: IdParamSchema,
    query: PatientCardQuerySchema,
    responses: { 200: PatientCardSchema },
    access: ACCESS.scoped('card:viewer'),
  }),
  /** Title, subtitle and tasks; a stale `modified_at` or If-Match is refused (409). */
  updateCard: endpoint({
    method: 'PUT',
    path: '/cards-multiple-reassign/:id',
    params: IdParamSchema,
    body: PatientCardUpdateSchema,
    responses: { 200: PatientCardSchema },
    access: ACCESS.scoped('card:editor'),
  }),
  deleteCard: endpoint({
    method: 'DELETE',
    path: '/cards-multiple-reassign/:id',
    params: IdParamSchema,
    query: lazySchema(() => z.object({})),
    responses: { 204: DeletedSchema },
    access: ACCESS.scoped('card:editor'),
  }),
  /** The card's assignees (users and teams), replaced. */
  reassignCard: endpoint({
    method: 'PUT',
    path: '/cards-multiple-reassign/:id/reassign',
    params: IdParamSchema,
    body: ReassignBodySchema,
    responses: { 200: PatientCardSchema },
    access: ACCESS.scoped('card:editor'),
  }),
  shareCardWithUser: endpoint(share('/cards-multiple-reassign/:id/share/users/:targetId')),
  shareCardWithTeam: endpoint(share('/cards-multiple-reassign/:id/share/teams/:targetId')),
  shareCardWithAdvice: endpoint(
    share('/cards-multiple-reassign/:id/share/advice-conversation/:targetId'),
  ),
  /** The spec's GET reading of the advice share (spec 01 §7): same-origin browsers only. */
  shareCardWithAdviceByGet: endpoint({
    method: 'GET',
    path: '/cards-multiple-reassign/:id/share/advice-conversation/:targetId',
    params: ShareParamSchema,
    query: CardShareQuerySchema,
    responses: { 200: ShareResponseSchema },
    access: ACCESS.scoped('card:editor'),
  }),
  /** The card's summary mailed to the caller (`?timezone=` for its dates). */
  exportCardToEmail: endpoint({
    method: 'POST',
    path: '/cards/:id/export-to-email',
    params: IdParamSchema,
    query: CardExportQuerySchema,
    body: NoBodySchema,
    responses: { 200: MessageResponseSchema },
    access: ACCESS.scoped('card:viewer'),
  }),
  /** The tasks of the caller's cards. */
  tasks: endpoint({
    method: 'GET',
    path: '/tasks-multiple-reassign',
    query: TaskListQuerySchema,
    responses: { 200: lazySchema(() => resultsOf(TaskSchema)) },
    access: ACCESS.self,
  }),
  patient: endpoint({
    method: 'GET',
    path: '/patients-multiple-reassign/:id',
    params: IdParamSchema,
    query: lazySchema(() => z.object({ embed: z.string().max(300).optional() })),
    responses: { 200: PatientSchema },
    access: ACCESS.scoped('patient:viewer'),
  }),
  /** `{ patient }` with the fields that change; a stale `modified_at` is refused (409). */
  updatePatient: endpoint({
    method: 'PUT',
    path: '/patients/:id',
    params: IdParamSchema,
    body: PatientUpdateSchema,
    responses: { 200: PatientSchema },
    access: ACCESS.scoped('patient:editor'),
  }),
  hospital: endpoint({
    method: 'GET',
    path: '/hospitals/:id',
    params: IdParamSchema,
    query: lazySchema(() => z.object({})),
    responses: { 200: HospitalSchema },
    access: ACCESS.scoped('hospital:network'),
  }),
  /** Wards of the hospitals of the caller's network whose name contains `search`. */
  wards: endpoint({
    method: 'GET',
    path: '/wards',
    query: WardsQuerySchema,
    responses: { 200: WardsResponseSchema },
    access: ACCESS.self,
  }),
} satisfies Record<string, EndpointShape>;
