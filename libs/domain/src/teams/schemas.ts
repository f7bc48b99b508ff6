import { z } from 'zod';
import { IdListSchema, IdSchema, MimIdSchema, TimestampSchema, UuidSchema } from '../wire/common';
import { TEAM_NAME_MAX_LENGTH } from './constants';
import { TEXTS } from '../texts/texts';
import { lazySchema } from '../wire/lazySchema';

/**
 * public_data of an advice team (spec 01 §3): enabled makes the team an advice channel ("Ask
 * advice"); tips and resolved_issues are shown in the advice team panel. Decision: both are lists
 * of short strings.
 */
export const PublicDataSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean().default(false),
    tips: z.array(z.string().max(1000)).max(100).default([]),
    resolved_issues: z.array(z.string().max(1000)).max(100).default([]),
    /** Shown in the admin advice-channel table (spec 02 §2 "Description"). */
    description: z.string().max(2000).optional(),
  }),
);
export type PublicData = z.infer<typeof PublicDataSchema>;

/** public_data as a request sends it: every field optional, nothing filled in (spec 01 §5 "empty"). */
export const PublicDataInputSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean().optional(),
    tips: z.array(z.string().max(1000)).max(100).optional(),
    resolved_issues: z.array(z.string().max(1000)).max(100).optional(),
    description: z.string().max(2000).optional(),
  }),
);
export type PublicDataInput = z.infer<typeof PublicDataInputSchema>;

/** Team or forum (spec 01 §3). A team that is discoverable and auto_accept is a forum. */
export const TeamSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    name: z.string(),
    mim_id: MimIdSchema,
    user_ids: z.array(IdSchema).default([]),
    discoverable: z.boolean().default(false),
    auto_accept: z.boolean().default(false),
    public_data: PublicDataSchema.nullish(),
    /** Client flag: whether the current user belongs to the team (the server fills it in). */
    member_of: z.boolean().optional(),
    /** Not in spec 01's list; the uuid of the organisation that owns the team. */
    hospital_uuid: UuidSchema.nullish(),
    created_at: TimestampSchema.optional(),
    modified_at: TimestampSchema.optional(),
  }),
);
export type Team = z.infer<typeof TeamSchema>;

const TeamNameSchema = lazySchema(() =>
  z.string().trim().min(1, TEXTS.teamNameRequired).max(TEAM_NAME_MAX_LENGTH),
);

/** POST /teams body (spec 01 §7): name, discoverable, user_ids, public_data. */
export const TeamInputSchema = lazySchema(() =>
  z.object({
    name: TeamNameSchema,
    discoverable: z.boolean().default(false),
    user_ids: IdListSchema,
    public_data: PublicDataInputSchema.default({}),
  }),
);
export type TeamInput = z.input<typeof TeamInputSchema>;
export type TeamInputParsed = z.output<typeof TeamInputSchema>;

/**
 * PUT /teams/{id} body (spec 01 §7): name, discoverable, user_ids, each optional; only those sent
 * change (the web client's rename sends the name: membership changes through members/add and
 * members/remove). Ours (issue 35): `modified_at`, the team's version the change was made on; a
 * stale one is refused with 409 `EDIT_CONFLICT` (wire/versions.ts).
 */
export const TeamUpdateSchema = lazySchema(() =>
  z.object({
    name: TeamNameSchema.optional(),
    discoverable: z.boolean().optional(),
    user_ids: IdListSchema.optional(),
    modified_at: TimestampSchema.optional(),
  }),
);
export type TeamUpdate = z.infer<typeof TeamUpdateSchema>;

/** GET /teams/{id}/members answer rows: user-like records with hospital embedded. */
export const TeamMemberSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    uuid: UuidSchema,
    first_name: z.string(),
    last_name: z.string(),
    status: z.enum(['AVAILABLE', 'UNAVAILABLE', 'UNKNOWN']).default('UNKNOWN'),
    gdpr_accepted: z.boolean().optional(),
    role: z.object({ description: z.string().nullish() }).nullish(),
    speciality: z.string().nullish(),
    hospital_id: IdSchema.nullish(),
    hospital: z.object({ name: z.string() }).nullish(),
  }),
);
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** GET /teams/{id}/members: one page of members, by last name. */
export const TeamMembersResponseSchema = lazySchema(() =>
  z.object({ results: z.array(TeamMemberSchema) }),
);
export type TeamMembersResponse = z.infer<typeof TeamMembersResponseSchema>;

/** GET /users/{id}/teams: the person's teams the caller may see. */
export const TeamListResponseSchema = lazySchema(() => z.object({ results: z.array(TeamSchema) }));
export type TeamListResponse = z.infer<typeof TeamListResponseSchema>;
