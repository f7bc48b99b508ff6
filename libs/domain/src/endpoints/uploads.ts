import type { z } from 'zod';
import {
  ChatImageUploadFieldsSchema,
  CreatedIdSchema,
  FileEmailBodySchema,
  FileRecordSchema,
  FileUploadFieldsSchema,
  ImageListResponseSchema,
  ImageMetaSchema,
  ShareBodySchema,
  ShareResponseSchema,
} from '../files/schemas';
import { PatientImagesQuerySchema, PatientImageUploadFieldsSchema } from '../patients/schemas';
import {
  IdParamSchema,
  NoBodySchema,
  NoQuerySchema,
  ShareParamSchema,
  ThumbnailQuerySchema,
} from '../wire/params';
import { BinaryResponseSchema, MessageResponseSchema } from '../wire/responses';
import { ACCESS, endpoint, multipartBody, type EndpointShape } from './endpoint';
import { lazySchema } from '../wire/lazySchema';

/**
 * A download's 200 for the API document: the bytes, with their own content type. Not a zod
 * schema (neither backend parses or serialises the bytes: the server streams them, the client
 * reads a Blob with `responseType: 'blob'`), so it is typed as the Blob the client gets.
 */
const download = (description: string) =>
  ({
    description,
    content: { 'application/octet-stream': { schema: BinaryResponseSchema } },
  }) as unknown as z.ZodType<Blob>;

/** The 200 of a download (GET /images/chat/{id}, GET /files/{id}, the structured files). */
export const DOWNLOAD = download(
  'The bytes, with Content-Type and Content-Disposition naming the file',
);

const PATIENT_IMAGE_DOWNLOAD = download(
  'The image bytes, with Content-Type and Content-Disposition naming the file',
);

const shareChatImage = <S extends 'users' | 'teams' | 'advice-conversation'>(segment: S) =>
  endpoint({
    method: 'POST',
    path: `/images/chat/:id/share/${segment}/:targetId`,
    params: ShareParamSchema,
    body: ShareBodySchema,
    responses: { 200: ShareResponseSchema },
    access: ACCESS.scoped('image:viewer'),
  });

/**
 * Chat images, chat files and patient images (spec 01 §3, §5, §9, API v4). Uploads are multipart
 * (`multipartBody`): each backend reads the form once the bytes have arrived.
 */
export const uploadsEndpoints = {
  /** Creates the chat image record first (the client sends a placeholder message meanwhile). */
  createChatImage: endpoint({
    method: 'POST',
    path: '/images/chat',
    body: NoBodySchema,
    responses: { 201: CreatedIdSchema },
    access: ACCESS.self,
  }),
  /** The bytes (multipart `image`, optional `filename`), by the uploader, once (409 after). */
  uploadChatImage: endpoint({
    method: 'PUT',
    path: '/images/chat/:id',
    params: IdParamSchema,
    consumes: ['multipart/form-data'],
    body: lazySchema(() => multipartBody(ChatImageUploadFieldsSchema)),
    responses: { 200: ImageMetaSchema },
    access: ACCESS.scoped('image:uploader'),
  }),
  /** The chat image's bytes (`?thumbnail=true`: its thumbnail). */
  chatImage: endpoint({
    method: 'GET',
    path: '/images/chat/:id',
    params: IdParamSchema,
    query: ThumbnailQuerySchema,
    responses: { 200: DOWNLOAD },
    access: ACCESS.scoped('image:viewer'),
  }),
  /** Sharing a chat image, by whoever may see it, into a target they may share to. */
  shareChatImageWithUser: shareChatImage('users'),
  shareChatImageWithTeam: shareChatImage('teams'),
  shareChatImageWithAdvice: shareChatImage('advice-conversation'),
  /** A chat file (multipart `file`: PDF, docx or an image, by content) shared with the lists given. */
  uploadFile: endpoint({
    method: 'POST',
    path: '/files',
    consumes: ['multipart/form-data'],
    body: lazySchema(() => multipartBody(FileUploadFieldsSchema)),
    responses: { 201: FileRecordSchema },
    access: ACCESS.self,
  }),
  file: endpoint({
    method: 'GET',
    path: '/files/:id',
    params: IdParamSchema,
    query: NoQuerySchema,
    responses: { 200: DOWNLOAD },
    access: ACCESS.scoped('file:viewer'),
  }),
  /** Mails a chat file as an attachment (`{ address }` → `{ message }`). */
  emailFile: endpoint({
    method: 'POST',
    path: '/files/:id/email',
    params: IdParamSchema,
    body: FileEmailBodySchema,
    responses: { 200: MessageResponseSchema },
    access: ACCESS.scoped('file:viewer'),
  }),
  /** Mails a chat image as an attachment (`{ address }` → `{ message }`). */
  emailChatImage: endpoint({
    method: 'POST',
    path: '/images/chat/:id/email',
    params: IdParamSchema,
    body: FileEmailBodySchema,
    responses: { 200: MessageResponseSchema },
    access: ACCESS.scoped('image:viewer'),
  }),
  /**
   * A patient image (multipart: image, title, filename, patient_id), by people who may edit one
   * of the patient's cards; a patient the caller cannot see is a 404.
   */
  uploadPatientImage: endpoint({
    method: 'POST',
    path: '/images',
    consumes: ['multipart/form-data'],
    body: lazySchema(() => multipartBody(PatientImageUploadFieldsSchema)),
    responses: { 201: ImageMetaSchema },
    access: ACCESS.self,
  }),
  patientImage: endpoint({
    method: 'GET',
    path: '/images/:id',
    params: IdParamSchema,
    query: ThumbnailQuerySchema,
    responses: { 200: PATIENT_IMAGE_DOWNLOAD },
    access: ACCESS.scoped('patient-image:viewer'),
  }),
  /** The patient's images, newest first, with their bytes (thumbnails unless thumbnail=false). */
  patientImages: endpoint({
    method: 'GET',
    path: '/images',
    query: PatientImagesQuerySchema,
    responses: { 200: ImageListResponseSchema },
    access: ACCESS.scoped('patient-images:viewer'),
  }),
} satisfies Record<string, EndpointShape>;
