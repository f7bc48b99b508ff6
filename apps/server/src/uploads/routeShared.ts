import { BinaryResponseSchema } from '@pando/domain';

/** The 200 of a download (GET /images/chat/{id}, GET /files/{id}, the structured files). */
export const DOWNLOAD = {
  description: 'The bytes, with Content-Type and Content-Disposition naming the file',
  content: { 'application/octet-stream': { schema: BinaryResponseSchema } },
};
