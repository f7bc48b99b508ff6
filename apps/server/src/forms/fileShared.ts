import { z } from 'zod';
import type { StructuredFileRecord } from './access.js';

/** The file of a structured-file URL (files.ts, fileEmail.ts). */
export const StructuredFileParamsSchema = z.object({
  guid: z.uuid().describe('file_guid of POST /structured/files'),
});

export const isImageFile = (f: StructuredFileRecord) => f.content_type.startsWith('image/');
export const thumbnailKey = (guid: string) => `${guid}.thumb`;
