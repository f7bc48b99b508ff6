import { z } from 'zod';
import { PATIENT_DATA_FIELDS } from '../forms/constants';
import {
  FormSubmissionResponseSchema,
  FormTemplateSchema,
  FormTemplatesResponseSchema,
  PatientLookupResponseSchema,
  StructuredEmailBodySchema,
  StructuredEmailResponseSchema,
  StructuredFileUploadResponseSchema,
  TemplateLookupQuerySchema,
  TemplateSaveResponseSchema,
} from '../forms/schemas';
import { IdParamSchema, NoQuerySchema } from '../wire/params';
import { DeletedSchema } from './admin';
import { ACCESS, endpoint, multipartBody } from './endpoint';
import { DOWNLOAD } from './uploads';
import { lazySchema } from '../wire/lazySchema';

/** The file of a structured-file URL. */
const StructuredFileParamsSchema = lazySchema(() =>
  z.object({
    guid: z.uuid().describe('file_guid of POST /structured/files'),
  }),
);

const StructuredEmailParamsSchema = lazySchema(() =>
  StructuredFileParamsSchema.extend({
    kind: z.enum(['file', 'image']).describe('`image` only names an image; `file` any'),
  }),
);

/** A scan's look-up: a patient field a control may map to, and its value. */
const PatientFieldParamsSchema = lazySchema(() =>
  z.object({
    field: z.enum(PATIENT_DATA_FIELDS),
    value: z.string().trim().min(1).max(200),
  }),
);

/** The multipart form of POST /structured/files: the `file` part only, no text fields. */
const StructuredFileFieldsSchema = lazySchema(() =>
  z.object({}).describe('multipart: `file` (the bytes)'),
);

/**
 * Smart forms (spec 02 §7 "Structured forms", issue 20), under /api/v4, bearer token or session:
 * templates (list, look-up, save, delete), filling a form (the scanner's patient look-up, the
 * submission) and the files and images of its controls (upload, download, thumbnail, delete,
 * email).
 */
export const formsEndpoints = {
  /** Own templates and those of the caller's organisation, by title. */
  templates: endpoint({
    method: 'GET',
    path: '/structured/templates',
    query: NoQuerySchema,
    responses: { 200: FormTemplatesResponseSchema },
    access: ACCESS.self,
  }),
  /** By title (case and surrounding spaces ignored) and exact version; 404 otherwise. */
  template: endpoint({
    method: 'GET',
    path: '/structured/template',
    query: TemplateLookupQuerySchema,
    responses: { 200: FormTemplateSchema },
    access: ACCESS.self,
  }),
  /** Saves a template: id 0 creates one; an existing one (its owner only) is updated. */
  saveTemplate: endpoint({
    method: 'POST',
    path: '/structured/template/:id',
    params: IdParamSchema,
    body: FormTemplateSchema,
    responses: { 200: TemplateSaveResponseSchema },
    access: ACCESS.scoped('template:owner'),
  }),
  /** Owner only; kept as deleted. */
  deleteTemplate: endpoint({
    method: 'DELETE',
    path: '/structured/template/:id',
    params: IdParamSchema,
    query: NoQuerySchema,
    responses: { 204: DeletedSchema },
    access: ACCESS.scoped('template:owner'),
  }),
  /** The first patient matching `field = value` whom the caller sees, as a flat object. */
  patient: endpoint({
    method: 'GET',
    path: '/structured/patients/:field/:value',
    params: PatientFieldParamsSchema,
    query: NoQuerySchema,
    responses: { 200: PatientLookupResponseSchema },
    access: ACCESS.self,
  }),
  /** Submits a filled template: ok, error (required fields) or confirm (patient data differs). */
  submit: endpoint({
    method: 'POST',
    path: '/structured/forms',
    body: FormTemplateSchema,
    responses: { 200: FormSubmissionResponseSchema },
    access: ACCESS.self,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/structured/files',
    consumes: ['multipart/form-data'],
    body: lazySchema(() => multipartBody(StructuredFileFieldsSchema)),
    responses: { 201: StructuredFileUploadResponseSchema },
    access: ACCESS.self,
  }),
  file: endpoint({
    method: 'GET',
    path: '/structured/files/:guid',
    params: StructuredFileParamsSchema,
    query: NoQuerySchema,
    responses: { 200: DOWNLOAD },
    access: ACCESS.scoped('structured-file:viewer'),
  }),
  /** The image's thumbnail (JPEG for a JPEG, PNG otherwise); a document has none (404). */
  thumbnail: endpoint({
    method: 'GET',
    path: '/structured/files/thumbnail/:guid',
    params: StructuredFileParamsSchema,
    query: NoQuerySchema,
    responses: { 200: DOWNLOAD },
    access: ACCESS.scoped('structured-file:viewer'),
  }),
  /** The uploader removes the file (a control's value becomes a dash, spec 02 §4). */
  deleteFile: endpoint({
    method: 'DELETE',
    path: '/structured/files/:guid',
    params: StructuredFileParamsSchema,
    query: NoQuerySchema,
    responses: { 204: DeletedSchema },
    access: ACCESS.scoped('structured-file:uploader'),
  }),
  /** Mails the file or image to one address as an attachment; `image` names an image only. */
  email: endpoint({
    method: 'POST',
    path: '/structured/email/:kind/:guid',
    params: StructuredEmailParamsSchema,
    body: StructuredEmailBodySchema,
    responses: { 200: StructuredEmailResponseSchema },
    access: ACCESS.scoped('structured-file:viewer'),
  }),
};
