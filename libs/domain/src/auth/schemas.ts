import { z } from 'zod';
import { TimestampSchema } from '../wire/common';
import { lazySchema } from '../wire/lazySchema';

/** Push token from the mobile push service; optional on the web (ARCHITECTURE "fcm_token"). */
const FcmTokenSchema = lazySchema(() => z.string().min(1).max(4096));

/** POST /api/v4/auth. The email is normalised (trimmed, lower-cased) by the schema itself. */
export const AuthRequestSchema = lazySchema(() =>
  z.object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    fcm_token: FcmTokenSchema.optional(),
  }),
);
export type AuthRequest = z.infer<typeof AuthRequestSchema>;

/**
 * POST /api/v4/auth/validate?cookie=true. The code is accepted as typed (dash, either case) and
 * normalised to the 6 lower-case characters the server stores.
 */
export const AuthValidateRequestSchema = lazySchema(() =>
  z.object({
    authorization_code: z
      .string()
      .transform((s) => s.replace(/-/g, '').trim().toLowerCase())
      .pipe(z.string().regex(/^[a-z0-9]{6}$/, 'must be 6 letters or digits')),
    fcm_token: FcmTokenSchema.optional(),
  }),
);
export type AuthValidateRequest = z.infer<typeof AuthValidateRequestSchema>;

/**
 * Answer of /auth/validate. With `cookie=true` the server also sets the session cookie; the
 * token is returned for the bearer-auth calls (analytics, structured forms).
 */
export const AuthValidateResponseSchema = lazySchema(() =>
  z.object({
    access_token: z.string().min(1),
    /** Seconds until the token expires; optional, absent means "session". */
    expires_in: z.number().int().positive().optional(),
  }),
);
export type AuthValidateResponse = z.infer<typeof AuthValidateResponseSchema>;

/** GET /api/v4/login/token: the chat password. */
export const LoginTokenResponseSchema = lazySchema(() => z.object({ token: z.string().min(1) }));
export type LoginTokenResponse = z.infer<typeof LoginTokenResponseSchema>;

/** POST /api/v4/auth answer: decision, `{ message: 'Email sent to {email}' }`-style ack. */
export const AuthRequestResponseSchema = lazySchema(() => z.object({ message: z.string() }));
export type AuthRequestResponse = z.infer<typeof AuthRequestResponseSchema>;

/** GET /admin/users/{id}/auth-code and /admin/invites/{id}/auth-code. */
export const AuthCodeResponseSchema = lazySchema(() =>
  z.object({
    authorization_code: z.string().regex(/^[A-Za-z0-9]{3}-?[A-Za-z0-9]{3}$/),
  }),
);
export type AuthCodeResponse = z.infer<typeof AuthCodeResponseSchema>;

/** `POST /api/v4/auth/validate?cookie=true`: also set the session cookie (the web app does). */
export const AuthValidateQuerySchema = lazySchema(() =>
  z.object({ cookie: z.enum(['true', 'false']).optional() }),
);

/** `DELETE /api/v4/login?single=true`: this session only; `single=false` ends every session. */
export const LogoutQuerySchema = lazySchema(() =>
  z.object({ single: z.enum(['true', 'false']).optional() }),
);

/** `GET /api/dev/mailbox?to=` (local development only): one recipient per call. */
export const DevMailboxQuerySchema = lazySchema(() =>
  z.object({
    to: z.string().trim().toLowerCase().min(3).max(254),
  }),
);

/**
 * A file an email carried, as the dev mailbox records it: its name, type, size and SHA-256 (hex)
 * of the bytes — not the bytes themselves.
 */
const DevMailboxAttachmentSchema = lazySchema(() =>
  z.object({
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int().nonnegative(),
    sha256: z.string(),
  }),
);

/** The dev mailbox's answer: that recipient's emails, newest first; `attachments` may be []. */
export const DevMailboxResponseSchema = lazySchema(() =>
  z.object({
    results: z.array(
      z.object({
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        attachments: z.array(DevMailboxAttachmentSchema),
        sent_at: z.string(),
      }),
    ),
  }),
);

/**
 * `GET /api/v4/login/offline-key` (issue 37): the key of this session's encrypted local copy.
 * The server keeps one random AES-256 key per session (`sessions.local_key`) and forgets it with
 * the session (logout, expiry, a block, "sign out everywhere"); the browser keeps it only for the
 * tab's life (sessionStorage), so the local copy cannot be read once the session is gone.
 */
export const OfflineKeyResponseSchema = lazySchema(() =>
  z.object({
    /** 32 random bytes, base64url without padding. */
    key: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 bytes, base64url'),
    /**
     * When the session ends if nothing renews it (the earlier of its absolute and idle expiry, as
     * of this answer): past it the client wipes the local copy, even offline.
     */
    expires_at: TimestampSchema,
    /**
     * The organisation allows patient data in the local copy (`hospitals.offline_patient_data`,
     * default true): when false the client keeps no patient list or card offline.
     */
    offline_patient_data: z.boolean(),
  }),
);
export type OfflineKeyResponse = z.infer<typeof OfflineKeyResponseSchema>;

/** `PATCH /api/v4/admin/organisations/{uuid}` (issue 37): an organisation's settings. */
export const OrganisationSettingsPatchSchema = lazySchema(() =>
  z.object({
    offline_patient_data: z.boolean(),
  }),
);
export type OrganisationSettingsPatch = z.infer<typeof OrganisationSettingsPatchSchema>;
