/**
 * Wire schemas data-access needs that `@pando/domain` does not export yet. Each mirrors spec 01
 * §3/§7 field for field; they are loose (unknown fields kept) so a richer server answer passes.
 * TODO(domain): move every schema here into libs/domain and import it from `@pando/domain`.
 */
import { z } from 'zod';

const Id = z.number().int().nonnegative();
const Timestamp = z.string();

/** TODO(domain): move. Spec 01 §3 "Team / forum": public_data of an advice team. */
export const PublicDataSchema = z.looseObject({
  enabled: z.boolean().default(false),
  tips: z.array(z.string()).default([]),
  resolved_issues: z.array(z.string()).default([]),
});
export type PublicData = z.infer<typeof PublicDataSchema>;

/** TODO(domain): move. Spec 01 §3 "Team / forum". */
export const TeamSchema = z.looseObject({
  id: Id,
  name: z.string(),
  mim_id: z.string(),
  user_ids: z.array(Id).default([]),
  discoverable: z.boolean().default(false),
  auto_accept: z.boolean().default(false),
  public_data: PublicDataSchema.nullish(),
  /** Client flag: whether the current user belongs to the team. */
  member_of: z.boolean().optional(),
});
export type Team = z.infer<typeof TeamSchema>;

/** TODO(domain): move. Spec 01 §3 "Advice conversation". */
export const AdviceConversationSchema = z.looseObject({
  id: Id,
  mim_id: z.string(),
  team: z
    .looseObject({ id: Id, name: z.string(), public_data: PublicDataSchema.nullish() })
    .nullish(),
  team_id: Id.optional(),
  requestor: z.looseObject({ id: Id, first_name: z.string(), last_name: z.string() }).nullish(),
  requestor_id: Id,
  requestor_resolved: z.boolean(),
  public_team_resolved: z.boolean(),
  resolver: z.looseObject({ id: Id, first_name: z.string(), last_name: z.string() }).nullish(),
  modified_at: Timestamp,
});
export type AdviceConversation = z.infer<typeof AdviceConversationSchema>;

/** TODO(domain): move. GET /teams-with-advices-conversations. */
export const TeamsWithAdviceConversationsSchema = z.object({
  teams: z.array(TeamSchema),
  forums: z.array(TeamSchema),
  advice_conversations: z.array(AdviceConversationSchema),
});
export type TeamsWithAdviceConversations = z.infer<typeof TeamsWithAdviceConversationsSchema>;

/** TODO(domain): move. POST/PUT /teams body. */
export const TeamInputSchema = z.object({
  name: z.string().trim().min(1, 'Team name is required'),
  discoverable: z.boolean().default(false),
  user_ids: z.array(Id),
  public_data: PublicDataSchema.partial().default({}),
});
export type TeamInput = z.input<typeof TeamInputSchema>;

/** TODO(domain): move. GET /chat-room/{mimId}. */
export const ChatRoomSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TEAM'), entity: TeamSchema }),
  z.object({ type: z.literal('ADVICE_CONVERSATION'), entity: AdviceConversationSchema }),
]);
export type ChatRoom = z.infer<typeof ChatRoomSchema>;

/** TODO(domain): move. POST /teams/{teamId}/advice-conversations answer. */
export const CreatedAdviceConversationSchema = z.looseObject({ id: Id, mim_id: z.string() });

/** TODO(domain): move. Spec 01 §3 "Search state" includes. */
export const SEARCH_INCLUDES = [
  'user.other',
  'team.member-of',
  'team.forum',
  'team.forum.member-of',
  'team.advice',
  'team.advice.member-of',
] as const;
export type SearchInclude = (typeof SEARCH_INCLUDES)[number];

/** TODO(domain): move. Spec 01 §3 "Search result": results with data, meta, links. */
export const SearchResultSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('USER'),
    data: z.looseObject({
      id: Id,
      uuid: z.string(),
      first_name: z.string(),
      last_name: z.string(),
    }),
  }),
  z.looseObject({ type: z.literal('TEAM'), data: TeamSchema }),
]);
export type SearchResult = z.infer<typeof SearchResultSchema>;
export const SearchResponseSchema = z.object({
  results: z.array(SearchResultSchema),
  meta: z.looseObject({ total: z.number().int(), searchResultCount: z.number().int() }),
  links: z.looseObject({ next: z.string().nullish(), prev: z.string().nullish() }).default({}),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** TODO(domain): move. Spec 01 §3 "Task". `id` is a client string until saved. */
export const TaskSchema = z.looseObject({
  id: z.union([Id, z.string()]),
  title: z.string(),
  completed: z.boolean().default(false),
  completed_at: Timestamp.nullish(),
  completed_by_id: Id.nullish(),
  order: z.number().int().default(0),
  patient_card_id: Id.nullish(),
  created_at: Timestamp.optional(),
  modified_at: Timestamp.optional(),
});
export type Task = z.infer<typeof TaskSchema>;

/** TODO(domain): move. Spec 01 §3 "Ward"; id 0 is the 'No ward' pseudo-ward. */
export const WardSchema = z.looseObject({
  id: Id,
  name: z.string(),
  hospital: z.looseObject({ id: Id, name: z.string() }).nullish(),
});
export type Ward = z.infer<typeof WardSchema>;

/** TODO(domain): move. Spec 01 §3 "Patient". */
export const PatientSchema = z.looseObject({
  id: Id,
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string().nullish(),
  gender: z.enum(['MALE', 'FEMALE']).default('MALE'),
  patient_identificator: z.string().nullish(),
  overview: z.string().nullish(),
  bed: z.string().nullish(),
  ward_id: Id.nullish(),
  hospital_id: Id.nullish(),
  ward: WardSchema.nullish(),
});
export type Patient = z.infer<typeof PatientSchema>;

/** TODO(domain): move. Spec 01 §3 "Patient card". */
export const PatientCardSchema = z.looseObject({
  id: Id,
  title: z.string(),
  subtitle: z.string().nullish(),
  patient_id: Id.nullish(),
  patient: PatientSchema.nullish(),
  users: z.array(z.looseObject({ id: Id })).default([]),
  teams: z.array(z.looseObject({ id: Id })).default([]),
  tasks: z.array(TaskSchema).default([]),
  created_at: Timestamp,
  modified_at: Timestamp,
  editable: z.boolean().default(true),
});
export type PatientCard = z.infer<typeof PatientCardSchema>;

/** TODO(domain): move. Spec 01 §3 "Image" meta. */
export const ImageMetaSchema = z.looseObject({
  id: Id,
  created_at: Timestamp.optional(),
  modified_at: Timestamp.optional(),
  image_key: z.string().nullish(),
  title: z.string().nullish(),
  filename: z.string().nullish(),
  is_thumbnail: z.boolean().optional(),
  patient_id: Id.nullish(),
  deleted: z.boolean().optional(),
});
export type ImageMeta = z.infer<typeof ImageMetaSchema>;

/** TODO(domain): move. Answers that only carry the new record's id (files, chat images). */
export const CreatedIdSchema = z.looseObject({ id: z.union([Id, z.string()]) });
