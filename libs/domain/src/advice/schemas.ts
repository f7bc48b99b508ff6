import { z } from 'zod';
import { IdSchema, MimIdSchema, TimestampSchema, UuidSchema } from '../wire/common';
import { PublicDataSchema, TeamSchema } from '../teams/schemas';
import { CHAT_ROOM_TYPES } from '../teams/constants';
import { lazySchema } from '../wire/lazySchema';

const PersonSchema = lazySchema(() =>
  z.object({ id: IdSchema, first_name: z.string(), last_name: z.string() }),
);

/** Advice conversation (spec 01 §3). `team` and the people are embeds; ids are always sent. */
export const AdviceConversationSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    mim_id: MimIdSchema,
    team: z
      .object({ id: IdSchema, name: z.string(), public_data: PublicDataSchema.nullish() })
      .nullish(),
    team_id: IdSchema.optional(),
    requestor: PersonSchema.nullish(),
    requestor_id: IdSchema,
    requestor_resolved: z.boolean(),
    public_team_resolved: z.boolean(),
    resolver: PersonSchema.nullish(),
    modified_at: TimestampSchema,
    created_at: TimestampSchema.optional(),
  }),
);
export type AdviceConversation = z.infer<typeof AdviceConversationSchema>;

/** GET /teams-with-advices-conversations (spec 01 §7). */
export const TeamsWithAdviceConversationsSchema = lazySchema(() =>
  z.object({
    teams: z.array(TeamSchema),
    forums: z.array(TeamSchema),
    advice_conversations: z.array(AdviceConversationSchema),
  }),
);
export type TeamsWithAdviceConversations = z.infer<typeof TeamsWithAdviceConversationsSchema>;

/** A person of a room, as `embed=users` lists them. */
export const RoomPersonSchema = lazySchema(() => PersonSchema.extend({ uuid: UuidSchema }));
const RoomPeopleSchema = lazySchema(() =>
  z.object({ users: z.array(RoomPersonSchema).optional() }),
);

/**
 * GET /chat-room/{mimId} (spec 01 §7): type TEAM or ADVICE_CONVERSATION, and the entity;
 * `embed=users` adds the room's people to the entity.
 */
export const ChatRoomSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal(CHAT_ROOM_TYPES[0]),
      entity: TeamSchema.extend(RoomPeopleSchema.shape),
    }),
    z.object({
      type: z.literal(CHAT_ROOM_TYPES[1]),
      entity: AdviceConversationSchema.extend(RoomPeopleSchema.shape),
    }),
  ]),
);
export type ChatRoom = z.infer<typeof ChatRoomSchema>;

/**
 * POST /teams/{teamId}/advice-conversations. Decision: the body carries the first message
 * (spec 01 §2 "Takes a first message"), which the server posts into the new room.
 */
export const CreateAdviceConversationSchema = lazySchema(() =>
  z.object({
    message: z.string().trim().min(1).max(20_000),
  }),
);
export type CreateAdviceConversation = z.infer<typeof CreateAdviceConversationSchema>;

/** Answer of the create call: id and mim_id. */
export const CreatedAdviceConversationSchema = lazySchema(() =>
  z.object({ id: IdSchema, mim_id: MimIdSchema }),
);
export type CreatedAdviceConversation = z.infer<typeof CreatedAdviceConversationSchema>;

/** GET /teams/advice-conversations (advice history): results and total_count. */
export const AdviceHistoryResponseSchema = lazySchema(() =>
  z.object({
    results: z.array(AdviceConversationSchema),
    total_count: z.number().int().nonnegative(),
  }),
);
export type AdviceHistoryResponse = z.infer<typeof AdviceHistoryResponseSchema>;
