import { z } from 'zod';
import { lazySchema } from './lazySchema';

/** Answers that only say what happened (`{ message: 'Email sent to …' }`, `You left …`). */
export const MessageResponseSchema = lazySchema(() => z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** GET /api/v4/health: 200 `ok` after a real query, 503 `unreachable` otherwise. */
export const HealthResponseSchema = lazySchema(() =>
  z.object({
    status: z.enum(['ok', 'error']),
    database: z.enum(['ok', 'unreachable']),
  }),
);
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/**
 * The bytes of an image or file download (`Content-Disposition` names the file). Only describes
 * the answer in the API document; a download is streamed, never serialised.
 */
export const BinaryResponseSchema = lazySchema(() => z.string().meta({ format: 'binary' }));
