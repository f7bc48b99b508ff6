import { z } from 'zod';
import { lazySchema } from './lazySchema';

/**
 * The error body every API answer uses (spec 02 §8: "API error carries message, statusCode,
 * details"; spec 01 §8: 409 carries internalCode). `details` holds zod issues on a 400/422:
 * `[{ path: 'email', message: '…' }]`, so clients can name the field.
 */
export const ApiErrorDetailSchema = lazySchema(() =>
  z.object({
    path: z.string(),
    message: z.string(),
  }),
);
export type ApiErrorDetail = z.infer<typeof ApiErrorDetailSchema>;

export const ApiErrorSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    statusCode: z.number().int().min(400).max(599),
    details: z
      .union([z.array(ApiErrorDetailSchema), z.string(), z.record(z.string(), z.unknown())])
      .optional(),
    internalCode: z.string().optional(),
  }),
);
export type ApiError = z.infer<typeof ApiErrorSchema>;

export { INTERNAL_CODES } from './internalCodes';

/** Turns zod issues into the `details` list of an ApiError: one entry per field. */
export function zodIssuesToDetails(error: z.ZodError): ApiErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** Builds the 400 body for a payload that failed a wire schema. */
export function validationError(error: z.ZodError, statusCode = 400): ApiError {
  const details = zodIssuesToDetails(error);
  const fields = [...new Set(details.map((d) => d.path || '(body)'))].join(', ');
  return { message: `Invalid request: ${fields}`, statusCode, details };
}

/**
 * The 400 of one bad field, in the API's one error shape: the server's refusals that no schema
 * can express (a window too long, an unknown member) name the field the same way.
 */
export function fieldError(path: string, message: string): ApiError {
  return { message: `Invalid request: ${path}`, statusCode: 400, details: [{ path, message }] };
}
