import { z } from 'zod';
import { IdListSchema, IdSchema, TimestampSchema } from '../wire/common';
import { lazySchema } from '../wire/lazySchema';

/** Image meta (spec 01 §3 "Image"). */
export const ImageMetaSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    created_at: TimestampSchema.optional(),
    modified_at: TimestampSchema.optional(),
    image_key: z.string().nullish(),
    title: z.string().nullish(),
    filename: z.string().nullish(),
    is_thumbnail: z.boolean().optional(),
    patient_id: IdSchema.nullish(),
    deleted: z.boolean().optional(),
  }),
);
export type ImageMeta = z.infer<typeof ImageMetaSchema>;

/** Image = meta plus base64 data (spec 01 §3). */
export const ImageSchema = lazySchema(() => z.object({ meta: ImageMetaSchema, data: z.base64() }));
export type Image = z.infer<typeof ImageSchema>;

/** GET /images?patient_id=&thumbnail= answer: results and total_count. */
export const ImageListResponseSchema = lazySchema(() =>
  z.object({
    results: z.array(ImageSchema),
    total_count: z.number().int().nonnegative(),
  }),
);
export type ImageListResponse = z.infer<typeof ImageListResponseSchema>;

/** Answers that only carry the new record's id (POST /images/chat, POST /files). */
export const CreatedIdSchema = lazySchema(() => z.object({ id: IdSchema }));
export type CreatedId = z.infer<typeof CreatedIdSchema>;

/** Body of the share calls (`…/share/users/{id}` etc.): access_type READ. */
export const ShareBodySchema = lazySchema(() => z.object({ access_type: z.literal('READ') }));
export type ShareBody = z.infer<typeof ShareBodySchema>;
/** Answer of the share calls: the shared resource and the access granted. */
export const ShareResponseSchema = lazySchema(() =>
  z.object({ id: IdSchema, access_type: z.literal('READ') }),
);
export type ShareResponse = z.infer<typeof ShareResponseSchema>;

const commaIds = lazySchema(() =>
  z
    .string()
    .transform((s) => (s === '' ? [] : s.split(',').map((x) => Number(x.trim()))))
    .pipe(IdListSchema),
);

/** The text fields of the POST /files multipart form: optional comma lists of ids. */
export const FileUploadFieldsSchema = lazySchema(() =>
  z.object({
    user_ids: commaIds.optional(),
    team_ids: commaIds.optional(),
    advice_ids: commaIds.optional(),
  }),
);
export type FileUploadFields = z.infer<typeof FileUploadFieldsSchema>;

/** The text fields of the POST /images multipart form (patient images). */
export const ImageUploadFieldsSchema = lazySchema(() =>
  z.object({
    title: z.string().max(200).optional(),
    filename: z.string().min(1).max(255),
    patient_id: z.coerce.number().int().nonnegative().optional(),
  }),
);
export type ImageUploadFields = z.infer<typeof ImageUploadFieldsSchema>;

/** The text fields of the PUT /images/chat/{id} multipart form (the `image` part is the file). */
export const ChatImageUploadFieldsSchema = lazySchema(() =>
  z.object({
    filename: z.string().max(1000).optional(),
  }),
);
export type ChatImageUploadFields = z.infer<typeof ChatImageUploadFieldsSchema>;

/** Stored file record behind GET /files/{id}. */
export const FileRecordSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    filename: z.string(),
    size: z.number().int().nonnegative(),
    type: z.string(),
    created_at: TimestampSchema.optional(),
  }),
);
export type FileRecord = z.infer<typeof FileRecordSchema>;

/**
 * POST /files/{id}/email: where to send the file (spec 01 §2 file-action modal). Trimmed, one
 * plain address (stricter than the client's @-before-the-last-dot check: never a list).
 */
export const FileEmailBodySchema = lazySchema(() =>
  z.object({
    address: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ message: 'Invalid email address' })),
  }),
);
export type FileEmailBody = z.infer<typeof FileEmailBodySchema>;
