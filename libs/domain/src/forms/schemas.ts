import { z } from 'zod';
import { IdSchema, TimestampSchema } from '../wire/common';
import {
  CSV_DELIMITERS,
  DEFAULT_ARRAY_SEPARATOR,
  DEFAULT_CONTROL_DELIMITER,
  DEFAULT_CSV_DELIMITER,
  DEFAULT_TEMPLATE_VERSION,
  SAVE_TO_LOCAL,
  SUBMISSION_STATUSES,
} from './constants';
import { lazySchema } from '../wire/lazySchema';

/** A control's value: text, a list (multiselect), or nothing yet. */
export const ControlValueSchema = lazySchema(() =>
  z.union([z.string().max(100_000), z.array(z.string().max(10_000)), z.null()]),
);
export type ControlValue = z.infer<typeof ControlValueSchema>;

/**
 * Control (spec 02 §3). `type` stays a string on the wire: an unknown type must reach the filler,
 * which shows an inline message for it (spec 02 §5), rather than fail the whole template.
 */
export const ControlSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1).max(64),
    type: z.string().min(1).max(32),
    label: z.string().max(500).default(''),
    placeholder: z.string().max(500).nullish(),
    required: z.boolean().default(false),
    value: ControlValueSchema.optional(),
    defaultValue: ControlValueSchema.optional(),
    options: z.array(z.string().max(500)).max(1000).optional(),
    autocomplete: z.array(z.string().max(500)).max(10_000).optional(),
    /** The patient field this control maps to (barcode lookups fill it). */
    patient_data: z.string().max(100).nullish(),
    group_index: z.number().int().nonnegative().nullish(),
    delimiter: z.string().max(10).default(DEFAULT_CONTROL_DELIMITER),
    can_edit: z.boolean().default(true),
    error: z.boolean().optional(),
  }),
);
export type Control = z.infer<typeof ControlSchema>;
export type ControlInput = z.input<typeof ControlSchema>;

const TitleSchema = lazySchema(() => z.string().max(200));
/** save_to: 'local' (download) or an http(s) URL that receives a POST of the body (spec 02 §7). */
const SaveToSchema = lazySchema(() =>
  z.union([z.literal(SAVE_TO_LOCAL), z.url({ protocol: /^https?$/ })]),
);

export const CsvExportOptionSchema = lazySchema(() =>
  z.object({
    title: TitleSchema,
    type: z.literal('csv'),
    /** Control ids, in column order; empty means every control except dividers. */
    fields: z.array(z.string()).default([]),
    /** One of CSV_DELIMITERS: anything else (a quote, a letter, a line break) breaks the file. */
    delimiter: z
      .enum(CSV_DELIMITERS, { error: 'The delimiter must be a comma, semicolon, tab or pipe.' })
      .default(DEFAULT_CSV_DELIMITER),
    array_separator: z.string().max(10).default(DEFAULT_ARRAY_SEPARATOR),
    save_to: SaveToSchema.default(SAVE_TO_LOCAL),
  }),
);

/**
 * json: `object` is JSON text (edited as text, hence "Your JSON is not valid"). String leaves
 * `"{{controlId}}"` are replaced by the control's value; empty text means `{ label: value }`.
 */
export const JsonExportOptionSchema = lazySchema(() =>
  z.object({
    title: TitleSchema,
    type: z.literal('json'),
    object: z.string().max(100_000).default(''),
    save_to: SaveToSchema.default(SAVE_TO_LOCAL),
  }),
);

/** email: `address` may be the own-address placeholder (OWN_EMAIL_PLACEHOLDER). */
export const EmailExportOptionSchema = lazySchema(() =>
  z.object({
    title: TitleSchema,
    type: z.literal('email'),
    address: z.string().max(254),
  }),
);

/** Export option (spec 02 §3). */
export const ExportOptionSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    CsvExportOptionSchema,
    JsonExportOptionSchema,
    EmailExportOptionSchema,
  ]),
);
export type ExportOption = z.infer<typeof ExportOptionSchema>;
export type CsvExportOption = z.infer<typeof CsvExportOptionSchema>;
export type JsonExportOption = z.infer<typeof JsonExportOptionSchema>;
export type EmailExportOption = z.infer<typeof EmailExportOptionSchema>;

/**
 * Form template (spec 02 §3). `id` is absent on a template that is not saved yet (a duplicate),
 * and 0 on the placeholder for a template the server could not find. `flags` is decided as a
 * map of booleans.
 */
export const FormTemplateSchema = lazySchema(() =>
  z.object({
    id: IdSchema.optional(),
    title: z.string().trim().min(1).max(200),
    description: z.string().max(5000).default(''),
    author: z.string().max(200).default(''),
    version: z
      .string()
      .regex(/^\d+(\.\d+)*$/)
      .default(DEFAULT_TEMPLATE_VERSION),
    created_by_id: IdSchema.nullish(),
    trust_id: IdSchema.nullish(),
    deleted: z.boolean().default(false),
    flags: z.record(z.string(), z.boolean()).default({}),
    controls: z.array(ControlSchema).max(500),
    export_options: z.array(ExportOptionSchema).max(50).default([]),
    confirmed: z.boolean().optional(),
    /**
     * Ours (issue 35): the template's version as stored; a save sends back the one it was edited
     * from, and a stale one is refused with 409 `EDIT_CONFLICT` (wire/versions.ts).
     */
    modified_at: TimestampSchema.optional(),
  }),
);
export type FormTemplate = z.infer<typeof FormTemplateSchema>;
export type FormTemplateInput = z.input<typeof FormTemplateSchema>;

/** GET /structured/templates. Decision: `{ results }` like the v4 lists. */
export const FormTemplatesResponseSchema = lazySchema(() =>
  z.object({ results: z.array(FormTemplateSchema) }),
);

/** GET /structured/template?name=&version= query. */
export const TemplateLookupQuerySchema = lazySchema(() =>
  z.object({
    name: z.string().min(1).max(200),
    version: z.string().regex(/^\d+(\.\d+)*$/),
  }),
);

/** POST /structured/template/{id} answer: status, version, template_id, error. */
export const TemplateSaveResponseSchema = lazySchema(() =>
  z.object({
    status: z.enum(['ok', 'error']),
    version: z.string().optional(),
    template_id: IdSchema.optional(),
    error: z.string().nullish(),
  }),
);
export type TemplateSaveResponse = z.infer<typeof TemplateSaveResponseSchema>;

/** POST /structured/forms answer: status (ok, error, confirm), error, patient_data. */
export const FormSubmissionResponseSchema = lazySchema(() =>
  z.object({
    status: z.enum(SUBMISSION_STATUSES),
    error: z.string().nullish(),
    /** On confirm: the patient data on record, to compare with what was submitted. */
    patient_data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullish(),
  }),
);
export type FormSubmissionResponse = z.infer<typeof FormSubmissionResponseSchema>;

/** POST /structured/files answer: file.file_guid. */
export const StructuredFileUploadResponseSchema = lazySchema(() =>
  z.object({
    file: z.object({ file_guid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  }),
);
export type StructuredFileUploadResponse = z.infer<typeof StructuredFileUploadResponseSchema>;

/** POST /structured/email/{file|image}/{guid}: body address; answer message. */
export const StructuredEmailBodySchema = lazySchema(() => z.object({ address: z.email() }));
export const StructuredEmailResponseSchema = lazySchema(() => z.object({ message: z.string() }));

/** GET /structured/patients/{field}/{value}: a flat object of patient fields. */
export const PatientLookupResponseSchema = lazySchema(() =>
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
);
export type PatientLookupResponse = z.infer<typeof PatientLookupResponseSchema>;
