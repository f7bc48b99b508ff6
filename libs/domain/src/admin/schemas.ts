import { z } from 'zod';
import { AccessLevelSchema } from '../access/levels';
import {
  HospitalSchema,
  NetworkInputSchema,
  PremiumFeaturesSchema,
  RoleSchema,
  UserStatusSchema,
} from '../users/schemas';
import {
  IdListSchema,
  IdSchema,
  MimIdSchema,
  NameSchema,
  TimestampSchema,
  UuidSchema,
} from '../wire/common';
import { updateOf } from '../wire/updates';
import { ADMIN_PAGE_SIZE } from './constants';
import { lazySchema } from '../wire/lazySchema';

/**
 * Paged admin lists (spec 02 §7: "pages numbered from 0 and concatenated"). Decision: the answer
 * is `{ results, page, pageSize, totalResults }`, matching spec 02 §9's mock network list.
 */
export const adminPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    page: z.number().int().nonnegative(),
    pageSize: z.number().int().positive(),
    totalResults: z.number().int().nonnegative(),
  });

/** `GET {path}?page=&q=&sort=&page-size=&network=&organisation=` (spec 02 §7). */
export const AdminListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    q: z.string().trim().max(200).default(''),
    /** Comma list of fields, '-' for descending (e.g. `-sent_at,email`). */
    sort: z
      .string()
      .regex(/^-?[a-z_]+(,-?[a-z_]+)*$/, 'must be a comma list of field names')
      .optional(),
    'page-size': z.coerce.number().int().min(1).max(10_000).default(ADMIN_PAGE_SIZE),
    network: UuidSchema.optional(),
    organisation: UuidSchema.optional(),
  }),
);
export type AdminListQuery = z.infer<typeof AdminListQuerySchema>;

/** `GET /admin/users`: the list query, with `searchQuery` as the older name of `q` (spec 02 §7). */
export const AdminUsersQuerySchema = lazySchema(() =>
  AdminListQuerySchema.extend({
    searchQuery: z.string().trim().max(200).optional(),
  }),
);
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

/** `GET /admin/users/count`, `/admin/advice-channels/count`: `{ count }`. */
export const CountResponseSchema = lazySchema(() =>
  z.object({ count: z.number().int().nonnegative() }),
);
export type CountResponse = z.infer<typeof CountResponseSchema>;

/** User row (spec 02 §3). */
export const AdminUserRowSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    uuid: UuidSchema.optional(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: RoleSchema.nullish(),
    speciality: z.string().nullish(),
    joined_at: TimestampSchema.nullish(),
    phone: z.string().nullish(),
    status: UserStatusSchema.default('UNKNOWN'),
    hospital: z.object({ name: z.string() }).nullish(),
    network_uuid: UuidSchema.nullish(),
    hospital_uuid: UuidSchema.nullish(),
    blocked: z.boolean().optional(),
  }),
);
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

/** User (full) (spec 02 §3), `GET /admin/users/{id}`. */
export const AdminUserSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    uuid: UuidSchema,
    created_at: TimestampSchema,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: RoleSchema.nullish(),
    speciality: z.string().nullish(),
    phone: z.string().nullish(),
    gdpr_accepted: z.boolean().default(false),
    starred: z.boolean().default(false),
    keep_me_updated: z.boolean().default(false),
    blocked: z.boolean().default(false),
    status: UserStatusSchema.default('UNKNOWN'),
    network_id: IdSchema.nullish(),
    network_uuid: UuidSchema.nullish(),
    network_name: z.string().nullish(),
    hospital_id: IdSchema.nullish(),
    hospital_uuid: UuidSchema.nullish(),
    access_level: AccessLevelSchema,
    hospital: HospitalSchema.nullish(),
    premium_features: PremiumFeaturesSchema.default({}),
  }),
);
export type AdminUser = z.infer<typeof AdminUserSchema>;

/**
 * `PATCH /admin/users/{id}`: a partial user. Only the fields the console changes are accepted
 * (hospital_uuid for transfer, blocked for block); anything else is refused, not ignored.
 */
export const AdminUserPatchSchema = lazySchema(() =>
  z
    .strictObject({
      hospital_uuid: UuidSchema.optional(),
      blocked: z.boolean().optional(),
    })
    .refine((v) => v.hospital_uuid !== undefined || v.blocked !== undefined, {
      message: 'Nothing to change',
    }),
);
export type AdminUserPatch = z.infer<typeof AdminUserPatchSchema>;

/** Invite (spec 02 §3). */
export const InviteSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    email: z.string(),
    approved_by_name: z.string().nullish(),
    sent_at: TimestampSchema,
  }),
);
export type Invite = z.infer<typeof InviteSchema>;

/** `POST /admin/invites` body: `{ email }` plus the organisation uuid. */
export const InviteCreateSchema = lazySchema(() =>
  z.object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    organisation: UuidSchema.optional(),
  }),
);
export type InviteCreate = z.infer<typeof InviteCreateSchema>;

const MemberRefSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    first_name: z.string(),
    last_name: z.string(),
  }),
);

/** Advice channel (spec 02 §3). */
export const AdviceChannelSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    name: z.string(),
    description: z.string().nullish(),
    member_count: z.number().int().nonnegative(),
    resolved_issues: z.number().int().nonnegative().default(0),
    created_at: TimestampSchema,
    members: z.array(MemberRefSchema).default([]),
    mim_id: MimIdSchema.optional(),
    /** Ours (issue 35): the channel's version, which an edit sends back (`AdminTeamPatchSchema`). */
    modified_at: TimestampSchema.optional(),
  }),
);
export type AdviceChannel = z.infer<typeof AdviceChannelSchema>;

/** Create/edit body for admin teams and advice channels (spec 02 §3 "Team": name, members). */
export const AdminTeamInputSchema = lazySchema(() =>
  z.object({
    name: NameSchema,
    members: IdListSchema.min(1, 'You need to add at least one member to create an advice channel'),
    description: z.string().max(2000).optional(),
  }),
);
export type AdminTeamInput = z.infer<typeof AdminTeamInputSchema>;

/**
 * `PATCH /admin/networks/{id}`: any part of the network; only the fields sent change (a rename
 * must not set the status back to PENDING, the create's default).
 */
export const NetworkPatchSchema = lazySchema(() => updateOf(NetworkInputSchema));
export type NetworkPatch = z.infer<typeof NetworkPatchSchema>;

/**
 * `PUT /admin/networks/{id}`: the name and any other part. Decision (issue 35): a field left out
 * keeps its value, as in the PATCH; `default_organisation_id: null` clears the default.
 */
export const NetworkUpdateSchema = lazySchema(() =>
  NetworkPatchSchema.extend({ name: NameSchema }),
);

/**
 * PATCH body: any part of the input. Ours (issue 35): `modified_at`, the version the edit was
 * made on; a stale one is refused with 409 `EDIT_CONFLICT` (wire/versions.ts).
 */
export const AdminTeamPatchSchema = lazySchema(() =>
  z.object({
    name: NameSchema.optional(),
    description: z.string().max(2000).optional(),
    modified_at: TimestampSchema.optional(),
  }),
);
export type AdminTeamPatch = z.infer<typeof AdminTeamPatchSchema>;

/** Admin team row: a team with members (ids) and its member count. */
export const AdminTeamSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    name: z.string(),
    members: z.array(IdSchema).default([]),
    member_count: z.number().int().nonnegative().optional(),
    discoverable: z.boolean().default(false),
    auto_accept: z.boolean().default(false),
    created_at: TimestampSchema.optional(),
    mim_id: MimIdSchema.optional(),
    /** Ours (issue 35): the team's version, which an edit sends back (`AdminTeamPatchSchema`). */
    modified_at: TimestampSchema.optional(),
  }),
);
export type AdminTeam = z.infer<typeof AdminTeamSchema>;

/** Query of create calls: optional organisation and network (spec 02 §7). */
export const AdminScopeQuerySchema = lazySchema(() =>
  z.object({
    organisation: UuidSchema.optional(),
    network: UuidSchema.optional(),
  }),
);
export type AdminScopeQuery = z.infer<typeof AdminScopeQuerySchema>;

/** `/admin/organisations/{uuid}`: organisations are named by uuid in the console's calls. */
export const OrganisationParamSchema = lazySchema(() => z.object({ uuid: UuidSchema }));

/** Sample pager mim_id: three dash-separated digit groups (spec 02 §9). */
export const PagerMimIdSchema = lazySchema(() => z.string().regex(/^\d+-\d+-\d+$/));

/** Pager (spec 02 §3). */
export const PagerSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    created_at: TimestampSchema,
    mim_id: z.string(),
    name: z.string(),
    description: z.string().nullish(),
    assigned_to: z.string().nullish(),
    assigned_at: TimestampSchema.nullish(),
  }),
);
export type Pager = z.infer<typeof PagerSchema>;

/** Data export request (spec 02 §3): the requester and the eight flags. */
export const DataExportRequestSchema = lazySchema(() =>
  z.object({
    first_name: z.string().trim().min(1).max(200),
    last_name: z.string().trim().min(1).max(200),
    email: z.email(),
    users: z.boolean().default(false),
    teams: z.boolean().default(false),
    forums: z.boolean().default(false),
    pagers: z.boolean().default(false),
    images: z.boolean().default(false),
    files: z.boolean().default(false),
    patients: z.boolean().default(false),
    messaging_data: z.boolean().default(false),
    organisation: UuidSchema.optional(),
  }),
);
export type DataExportRequest = z.infer<typeof DataExportRequestSchema>;
