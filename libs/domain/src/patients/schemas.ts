import { z } from 'zod';
import { IdListSchema, IdSchema, IsoDateSchema, TimestampSchema } from '../wire/common';
import { updateOf } from '../wire/updates';
import {
  CARD_SHARE_ACCESS_TYPE,
  DEFAULT_GENDER,
  GENDERS,
  PATIENT_CARDS_LIMIT,
  TASKS_LIMIT,
} from './constants';
import { lazySchema } from '../wire/lazySchema';

export const GenderSchema = lazySchema(() => z.enum(GENDERS));
export type Gender = z.infer<typeof GenderSchema>;

/** Ward (spec 01 §3). */
export const WardSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    name: z.string(),
    hospital: z.object({ id: IdSchema, name: z.string() }).nullish(),
  }),
);
export type Ward = z.infer<typeof WardSchema>;

/** Patient (spec 01 §3). `overview` holds the notes. */
export const PatientSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    first_name: z.string().max(200),
    last_name: z.string().max(200),
    dob: IsoDateSchema.nullish(),
    gender: GenderSchema.default(DEFAULT_GENDER),
    patient_identificator: z.string().max(100).nullish(),
    overview: z.string().max(20_000).nullish(),
    bed: z.string().max(50).nullish(),
    ward_id: IdSchema.nullish(),
    hospital_id: IdSchema.nullish(),
    ward: WardSchema.nullish(),
    /** Ours (issue 35): the patient's version, which a change sends back (`PatientUpdateSchema`). */
    modified_at: TimestampSchema.optional(),
  }),
);
export type Patient = z.infer<typeof PatientSchema>;

/**
 * PUT /patients/{id} body: `{ patient }` with the editable fields; only those sent change (no
 * default filled in: saving the notes must not reset the gender). Ours (issue 35):
 * `modified_at`, the patient's version the change was made on; a stale one is refused with 409
 * `EDIT_CONFLICT` (wire/versions.ts).
 */
export const PatientUpdateSchema = lazySchema(() =>
  z.object({
    patient: updateOf(PatientSchema.omit({ id: true, ward: true, modified_at: true })),
    modified_at: TimestampSchema.optional(),
  }),
);
export type PatientUpdate = z.infer<typeof PatientUpdateSchema>;

/**
 * Task (spec 01 §3). `id` is a client-generated string until saved, then the server's number.
 */
export const TaskSchema = lazySchema(() =>
  z.object({
    id: z.union([IdSchema, z.string().min(1).max(64)]),
    title: z.string().max(1000),
    completed: z.boolean().default(false),
    completed_at: TimestampSchema.nullish(),
    completed_by_id: IdSchema.nullish(),
    order: z.number().int().nonnegative().default(0),
    patient_card_id: IdSchema.nullish(),
    created_at: TimestampSchema.optional(),
    modified_at: TimestampSchema.optional(),
  }),
);
export type Task = z.infer<typeof TaskSchema>;

/** A task as the card PUT sends it: id only if already saved (spec 01 §7 "Tasks"). */
export const TaskPayloadSchema = lazySchema(() =>
  z.object({
    id: IdSchema.optional(),
    patient_card_id: IdSchema.nullish(),
    completed_by_id: IdSchema.nullish(),
    completed: z.boolean(),
    order: z.number().int().nonnegative().max(1_000_000),
    /** An empty title is accepted and the task dropped by the save (spec 01 §5), not refused. */
    title: z.string().trim().max(1000),
  }),
);
export type TaskPayload = z.infer<typeof TaskPayloadSchema>;

const AssigneeUserSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    first_name: z.string().optional(),
    last_name: z.string().optional(),
  }),
);
const AssigneeTeamSchema = lazySchema(() =>
  z.object({ id: IdSchema, name: z.string().optional() }),
);

/** Patient card (spec 01 §3). editable defaults to true. */
export const PatientCardSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    title: z.string(),
    subtitle: z.string().nullish(),
    patient_id: IdSchema.nullish(),
    /** Embedded with `?embed=patient`. */
    patient: PatientSchema.nullish(),
    users: z.array(AssigneeUserSchema).default([]),
    teams: z.array(AssigneeTeamSchema).default([]),
    tasks: z.array(TaskSchema).default([]),
    created_at: TimestampSchema,
    modified_at: TimestampSchema,
    editable: z.boolean().default(true),
  }),
);
export type PatientCard = z.infer<typeof PatientCardSchema>;

/** POST /cards-multiple-reassign body: title and subtitle. */
export const PatientCardCreateSchema = lazySchema(() =>
  z.object({
    title: z.string().trim().max(200).default(''),
    subtitle: z.string().trim().max(200).default(''),
  }),
);
export type PatientCardCreate = z.infer<typeof PatientCardCreateSchema>;

/**
 * PUT /cards-multiple-reassign/{id} body: title, subtitle and the tasks to keep. `modified_at`
 * is the card's `modified_at` the editor loaded: with it, a stale save keeps what others changed
 * meanwhile (`mergeCardTasks`); without it the task list sent replaces the card's.
 */
export const PatientCardUpdateSchema = lazySchema(() =>
  z.object({
    title: z.string().trim().max(200).optional(),
    subtitle: z.string().trim().max(200).optional(),
    tasks: z.array(TaskPayloadSchema).max(TASKS_LIMIT).optional(),
    modified_at: TimestampSchema.optional(),
  }),
);
export type PatientCardUpdate = z.infer<typeof PatientCardUpdateSchema>;

/** PUT /cards-multiple-reassign/{id}/reassign body: users (ids) and teams (ids). */
export const ReassignBodySchema = lazySchema(() =>
  z.object({
    users: IdListSchema,
    teams: IdListSchema,
  }),
);
export type ReassignBody = z.infer<typeof ReassignBodySchema>;

/** GET /wards?search=&embed=hospital answer. */
export const WardsResponseSchema = lazySchema(() => z.object({ results: z.array(WardSchema) }));
export type WardsResponse = z.infer<typeof WardsResponseSchema>;

const BooleanTextSchema = lazySchema(() => z.enum(['true', 'false']));
const PathIdSchema = lazySchema(() => z.coerce.number().pipe(IdSchema));

/** GET /cards-multiple-reassign?embed=patient,users,teams&limit={n}; `search`: patient name or identifier. */
export const PatientCardListQuerySchema = lazySchema(() =>
  z.object({
    embed: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(PATIENT_CARDS_LIMIT).default(PATIENT_CARDS_LIMIT),
    search: z.string().trim().max(200).optional(),
  }),
);
export type PatientCardListQuery = z.infer<typeof PatientCardListQuerySchema>;

/** GET /cards-multiple-reassign/{id}?embed=… */
export const PatientCardQuerySchema = lazySchema(() =>
  z.object({ embed: z.string().max(300).optional() }),
);

/** POST /cards-multiple-reassign?assignee=users&assignee_id={userId}&with_empty_task=false. */
export const PatientCardCreateQuerySchema = lazySchema(() =>
  z.object({
    assignee: z.enum(['users', 'teams']).default('users'),
    assignee_id: PathIdSchema.optional(),
    with_empty_task: BooleanTextSchema.default('false'),
  }),
);
export type PatientCardCreateQuery = z.infer<typeof PatientCardCreateQuerySchema>;

/** POST /cards/{id}/export-to-email?timezone={tz}: an IANA time zone ("Europe/London"). */
export const CardExportQuerySchema = lazySchema(() =>
  z.object({
    timezone: z
      .string()
      .max(64)
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-GB', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone, e.g. Europe/London')
      .default('UTC'),
  }),
);

/** Sharing a card into a chat: POST body `{ access_type: 'READ' }` (the GET reading: a query). */
export const CardShareQuerySchema = lazySchema(() =>
  z.object({
    access_type: z.literal(CARD_SHARE_ACCESS_TYPE).optional(),
  }),
);

/** GET /tasks-multiple-reassign with optional completed, offset, limit, patient_card_id. */
export const TaskListQuerySchema = lazySchema(() =>
  z.object({
    completed: BooleanTextSchema.optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(TASKS_LIMIT).default(TASKS_LIMIT),
    patient_card_id: PathIdSchema.optional(),
  }),
);
export type TaskListQuery = z.infer<typeof TaskListQuerySchema>;

/** GET /wards?search={hospitalName}&embed=hospital. */
export const WardsQuerySchema = lazySchema(() =>
  z.object({
    search: z.string().trim().max(200).default(''),
    embed: z.string().max(300).optional(),
  }),
);

/** GET /images?patient_id={id}&thumbnail={bool}. */
export const PatientImagesQuerySchema = lazySchema(() =>
  z.object({
    patient_id: PathIdSchema,
    thumbnail: BooleanTextSchema.default('true'),
  }),
);

/** The text fields of POST /images (multipart): the patient is required. */
export const PatientImageUploadFieldsSchema = lazySchema(() =>
  z.object({
    title: z.string().trim().max(200).optional(),
    filename: z.string().trim().max(255).optional(),
    patient_id: PathIdSchema,
  }),
);
export type PatientImageUploadFields = z.infer<typeof PatientImageUploadFieldsSchema>;
