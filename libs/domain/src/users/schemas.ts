import { z } from 'zod';
import { AccessLevelSchema } from '../access/levels';
import { IdSchema, NameSchema, TimestampSchema, UuidSchema } from '../wire/common';
import { ORGANISATION_STATUSES, USER_STATUSES } from './constants';
import { lazySchema } from '../wire/lazySchema';

// Zod-free (displayName.ts): the web app's first paint names people before zod loads.
export { displayName } from './displayName';

export const UserStatusSchema = lazySchema(() => z.enum(USER_STATUSES));
export type UserStatus = z.infer<typeof UserStatusSchema>;

/**
 * User flags as the API sends them: an object of booleans; a missing flag is off. Unknown flags
 * are kept (loose) so a newer server does not break an older client.
 */
export const FeaturesSchema = lazySchema(() =>
  z.looseObject({
    pando_control_v2: z.boolean().optional(),
    form_templates: z.boolean().optional(),
  }),
);
export type Features = z.infer<typeof FeaturesSchema>;

export const PremiumFeaturesSchema = lazySchema(() =>
  z.looseObject({
    patient_cards: z.boolean().optional(),
    pagers: z.boolean().optional(),
    advice_channels: z.boolean().optional(),
  }),
);
export type PremiumFeatures = z.infer<typeof PremiumFeaturesSchema>;

export const NetworkFeaturesSchema = lazySchema(() =>
  z.looseObject({
    user_invite_by_email: z.boolean().optional(),
  }),
);
export type NetworkFeatures = z.infer<typeof NetworkFeaturesSchema>;

/** A user's role: `role` is the machine name, `description` what people read ("Consultant"). */
export const RoleSchema = lazySchema(() =>
  z.object({
    role: z.string().nullish(),
    description: z.string().nullish(),
  }),
);
export type Role = z.infer<typeof RoleSchema>;

/** Hospital = organisation (spec 02 §3 user full → hospital). */
export const HospitalSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    uuid: UuidSchema,
    name: NameSchema,
    longitude: z.number().nullish(),
    latitude: z.number().nullish(),
    radius: z.number().nullish(),
    deleted: z.boolean().optional(),
    network_id: IdSchema.nullish(),
  }),
);
export type Hospital = z.infer<typeof HospitalSchema>;

export const OrganisationStatusSchema = lazySchema(() => z.enum(ORGANISATION_STATUSES));
export type OrganisationStatus = z.infer<typeof OrganisationStatusSchema>;

/** Organisation row of the admin console (spec 02 §3): id, name, status, timestamps. */
export const OrganisationSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    /** Not in the spec's row; sent so the console can scope calls by organisation uuid. */
    uuid: UuidSchema.optional(),
    name: NameSchema,
    status: OrganisationStatusSchema,
    created_at: TimestampSchema.optional(),
    modified_at: TimestampSchema.optional(),
    network_id: IdSchema.nullish(),
    /**
     * Ours (issue 37): the organisation allows patient data in the web app's offline copy (on by
     * default); changed with `PATCH /admin/organisations/{uuid}` (`OrganisationSettingsPatchSchema`).
     */
    offline_patient_data: z.boolean().optional(),
  }),
);
export type Organisation = z.infer<typeof OrganisationSchema>;

/** Network (spec 02 §3). */
export const NetworkSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    uuid: UuidSchema.optional(),
    name: NameSchema,
    status: OrganisationStatusSchema,
    created_at: TimestampSchema,
    modified_at: TimestampSchema,
    default_organisation: z.object({ id: IdSchema, name: NameSchema }).nullish(),
    features: NetworkFeaturesSchema.default({}),
  }),
);
export type Network = z.infer<typeof NetworkSchema>;

/** Body of POST/PUT/PATCH /admin/networks. */
export const NetworkInputSchema = lazySchema(() =>
  z.object({
    name: NameSchema,
    status: OrganisationStatusSchema.default('PENDING'),
    default_organisation_id: IdSchema.nullish(),
    features: NetworkFeaturesSchema.optional(),
  }),
);
export type NetworkInput = z.infer<typeof NetworkInputSchema>;

/**
 * The User of spec 01 §3 (current user, `/users/{id}?embed=hospital`, team members). Optional
 * fields are the ones an embed or a privacy rule may leave out.
 */
export const UserSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    uuid: UuidSchema,
    first_name: z.string(),
    last_name: z.string(),
    status: UserStatusSchema.default('UNKNOWN'),
    email: z.email().optional(),
    access_level: AccessLevelSchema,
    hospital_id: IdSchema.nullish(),
    hospital_uuid: UuidSchema.nullish(),
    network_uuid: UuidSchema.nullish(),
    network_id: IdSchema.nullish(),
    /** Embedded with `?embed=hospital`. */
    hospital: HospitalSchema.partial().extend({ name: z.string() }).nullish(),
    features: FeaturesSchema.default({}),
    premium_features: PremiumFeaturesSchema.default({}),
    role: RoleSchema.nullish(),
    speciality: z.string().nullish(),
    gdpr_accepted: z.boolean().optional(),
    phone: z.string().nullish(),
  }),
);
export type User = z.infer<typeof UserSchema>;

/**
 * The current user (`GET /login/current?embed=hospital`): a User plus the network flags and
 * network name the console needs (spec 02 §3 "Current user details").
 */
export const CurrentUserSchema = lazySchema(() =>
  UserSchema.extend({
    network_name: z.string().nullish(),
    network_features: NetworkFeaturesSchema.default({}),
  }),
);
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/**
 * A user as the chat knows them. Spec 01 §3: "A user-like record with gdpr_accepted is mapped to
 * id (from uuid), first_name, last_name, status." Chat addresses users by uuid, so `id` is the uuid.
 */
export const ChatUserSchema = lazySchema(() =>
  z.object({
    id: UuidSchema,
    first_name: z.string(),
    last_name: z.string(),
    status: UserStatusSchema,
  }),
);
export type ChatUser = z.infer<typeof ChatUserSchema>;

/** The user-like record of spec 01 §3 (members, search hits): it is recognised by gdpr_accepted. */
export const UserLikeRecordSchema = lazySchema(() =>
  z.looseObject({
    uuid: UuidSchema,
    first_name: z.string(),
    last_name: z.string(),
    status: UserStatusSchema.optional(),
    gdpr_accepted: z.boolean(),
  }),
);
export type UserLikeRecord = z.infer<typeof UserLikeRecordSchema>;

export function isUserLikeRecord(value: unknown): value is UserLikeRecord {
  return UserLikeRecordSchema.safeParse(value).success;
}

/** Spec 01 §3 mapping: id from uuid; status UNKNOWN when the record has none. */
export function toChatUser(record: UserLikeRecord): ChatUser {
  return {
    id: record.uuid,
    first_name: record.first_name,
    last_name: record.last_name,
    status: record.status ?? 'UNKNOWN',
  };
}

/**
 * The second line that tells two people of the same name apart, wherever a person is listed
 * (search, contact picker): "Consultant · Cardiology · St Elsewhere General". Role as people read
 * it (its description, else its machine name), speciality, hospital; missing parts are left out,
 * so it may be empty.
 */
export function personDetail(person: {
  role?: { description?: string | null; role?: string | null } | null;
  speciality?: string | null;
  hospital?: { name?: string | null } | null;
}): string {
  return [person.role?.description || person.role?.role, person.speciality, person.hospital?.name]
    .filter(Boolean)
    .join(' · ');
}

/**
 * `GET /users/statuses?subscribe=false&users={ids}`. Decision: ids are user uuids (the chat
 * knows users by uuid), comma-separated; at most 1000 per call (the team-members limit).
 */
export const UsersStatusesQuerySchema = lazySchema(() =>
  z.object({
    subscribe: z.enum(['true', 'false']).default('false'),
    users: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .pipe(z.array(UuidSchema).max(1000)),
  }),
);
export type UsersStatusesQuery = z.infer<typeof UsersStatusesQuerySchema>;

export const UserStatusEntrySchema = lazySchema(() =>
  z.object({ id: UuidSchema, status: UserStatusSchema }),
);
export type UserStatusEntry = z.infer<typeof UserStatusEntrySchema>;
export const UsersStatusesResponseSchema = lazySchema(() =>
  z.object({ results: z.array(UserStatusEntrySchema) }),
);
export type UsersStatusesResponse = z.infer<typeof UsersStatusesResponseSchema>;

/**
 * `PUT /users/me/status`: a person sets their own availability (spec 01 §2 header). UNKNOWN is
 * what others see before anyone chose; it cannot be chosen. The answer is a `UserStatusEntry`.
 */
export const SetOwnStatusBodySchema = lazySchema(() =>
  z.object({
    status: UserStatusSchema.exclude(['UNKNOWN']),
  }),
);
export type SetOwnStatusBody = z.infer<typeof SetOwnStatusBodySchema>;

/** Builds the `users=` value of the statuses call. */
export function usersStatusesQuery(uuids: readonly string[]): string {
  return `subscribe=false&users=${[...new Set(uuids)].map(encodeURIComponent).join(',')}`;
}
