import { z } from 'zod';
import { IsoDateSchema, TimestampSchema, UuidSchema } from '../wire/common';
import { lazySchema } from '../wire/lazySchema';

/** Issue 36: one event of the audit trail (`GET /admin/audit`). */
export const AuditEventSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    at: TimestampSchema,
    user_id: z.number().int().nullable(),
    /** The actor's name and email now (null for a failed login of an unknown email). */
    user_name: z.string().nullable(),
    user_email: z.string().nullable(),
    session_id: z.number().int().nullable(),
    /** The actor's access level and organisation when the event happened. */
    access_level: z.string().nullable(),
    organisation_id: z.number().int().nullable(),
    client_ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    /** What was done: `card.read`, `card.email`, `login.failure`, `admin.user.update`, … */
    action: z.string(),
    resource_type: z.string(),
    resource_id: z.string().nullable(),
    patient_id: z.number().int().nullable(),
    outcome: z.enum(['allowed', 'refused']),
    status: z.number().int(),
    /** Small facts of the event: the address an email went to, the target of a share, … */
    detail: z.record(z.string(), z.unknown()),
  }),
);
export type AuditEventRow = z.infer<typeof AuditEventSchema>;

/** A point in time: an ISO date-time with offset, or a calendar day (UTC). */
const AuditTimeSchema = lazySchema(() => z.union([TimestampSchema, IsoDateSchema]));

/** The filters of the audit trail's list and its CSV export. */
export const AuditFilterSchema = lazySchema(() =>
  z.object({
    patient_id: z.coerce.number().int().positive().optional(),
    user_id: z.coerce.number().int().positive().optional(),
    action: z
      .string()
      .trim()
      .regex(/^[a-z_.]{1,100}$/, 'must be an action name such as card.read')
      .optional(),
    resource_type: z
      .string()
      .trim()
      .regex(/^[a-z_]{1,50}$/, 'must be a resource type such as card')
      .optional(),
    /** From this moment (a day: its start, UTC), included. */
    from: AuditTimeSchema.optional(),
    /** Until this moment, excluded (a day: that whole day included). */
    to: AuditTimeSchema.optional(),
    network: UuidSchema.optional(),
    organisation: UuidSchema.optional(),
  }),
);
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** `GET /admin/audit?page=&page-size=&…filters`: newest first. */
export const AuditQuerySchema = lazySchema(() =>
  AuditFilterSchema.extend({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    'page-size': z.coerce.number().int().min(1).max(1_000).default(50),
  }),
);
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = lazySchema(() =>
  z.object({
    results: z.array(AuditEventSchema),
    page: z.number().int().nonnegative(),
    pageSize: z.number().int().positive(),
    totalResults: z.number().int().nonnegative(),
  }),
);
export type AuditPage = z.infer<typeof AuditPageSchema>;
