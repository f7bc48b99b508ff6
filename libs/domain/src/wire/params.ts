import { z } from 'zod';
import { IdSchema, MimIdSchema, UuidSchema } from './common';
import { ADVICE_HISTORY_PAGE_SIZE } from '../chat/constants';
import { TEAM_MEMBERS_LIMIT } from '../teams/constants';
import { lazySchema } from './lazySchema';

/** Ids in paths arrive as text; they must fit PostgreSQL's integer. */
const PathIdSchema = lazySchema(() => z.coerce.number().pipe(IdSchema));

/** `{id}` path segments of teams, advice conversations, cards, images and files. */
export const IdParamSchema = lazySchema(() => z.object({ id: PathIdSchema }));
/** `{id}` of /users/{id}: the numeric id, or the uuid (the chat knows people by uuid). */
export const UserIdOrUuidParamSchema = lazySchema(() =>
  z.object({
    id: z.union([
      PathIdSchema,
      UuidSchema.regex(/^[0-9a-fA-F-]{36}$/, 'must be a user id or uuid'),
    ]),
  }),
);
/** POST /images/chat/{id}/share/{users|teams|advice-conversation}/{targetId}. */
export const ShareParamSchema = lazySchema(() =>
  z.object({ id: PathIdSchema, targetId: PathIdSchema }),
);
/** GET /images/chat/{id}?thumbnail=true: the small version. */
export const ThumbnailQuerySchema = lazySchema(() =>
  z.object({
    thumbnail: z.enum(['true', 'false']).default('false'),
  }),
);

/** A route that takes no query parameters: whatever is sent is ignored. */
export const NoQuerySchema = lazySchema(() => z.object({}));
/**
 * The body of a call that carries none: nothing (Fastify gives null), or an empty JSON object (the client sends the
 * JSON content type on every non-GET call). Unknown fields are ignored.
 */
export const NoBodySchema = lazySchema(() => z.object({}).nullish());
export const TeamIdParamSchema = lazySchema(() => z.object({ teamId: PathIdSchema }));
export const TeamAdviceParamSchema = lazySchema(() =>
  z.object({ teamId: PathIdSchema, id: PathIdSchema }),
);
/** GET /chat-room/{mimId}. */
export const MimIdParamSchema = lazySchema(() => z.object({ mimId: MimIdSchema }));

/** `?embed=team,requestor,…`: a comma list; unknown embeds are ignored by the routes. */
export const EmbedQuerySchema = lazySchema(() =>
  z.object({ embed: z.string().max(300).optional() }),
);

/** Splits an embed value into its names. */
export function parseEmbed(embed: string | undefined): Set<string> {
  return new Set(
    (embed ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** GET /teams/{id}/members?limit=1000&offset=0&embed=hospital (spec 01 §7). */
export const MembersQuerySchema = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(TEAM_MEMBERS_LIMIT).default(TEAM_MEMBERS_LIMIT),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    embed: z.string().max(300).optional(),
  }),
);

/**
 * GET /teams/advice-conversations (advice history, spec 01 §7). `accepted=true` lists
 * conversations both sides closed. conversation_context: the spec shows ALL; REQUESTED (mine as
 * requester) and RECEIVED (to my teams) are our additions.
 */
export const AdviceHistoryQuerySchema = lazySchema(() =>
  z.object({
    embed: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(ADVICE_HISTORY_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    accepted: z.enum(['true', 'false']).optional(),
    conversation_context: z.enum(['ALL', 'REQUESTED', 'RECEIVED']).default('ALL'),
    sort: z
      .enum(['-modified_at', 'modified_at', '-created_at', 'created_at'])
      .default('-modified_at'),
  }),
);
export type AdviceHistoryQuery = z.infer<typeof AdviceHistoryQuerySchema>;
