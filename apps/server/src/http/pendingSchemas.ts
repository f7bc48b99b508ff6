import { z } from 'zod';

// TODO(domain): move — the body of PUT /api/v4/users/me/status (own availability).
export const SetOwnStatusBodySchema = z.object({ status: z.enum(['AVAILABLE', 'UNAVAILABLE']) });
export type SetOwnStatusBody = z.infer<typeof SetOwnStatusBodySchema>;
