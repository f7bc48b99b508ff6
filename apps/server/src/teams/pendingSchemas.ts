import { z } from 'zod';
import {
  IdSchema,
  SEARCH_INCLUDES,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX_LENGTH,
} from '@pando/domain';

// TODO(domain): move — query and path schemas of issue 6 that libs/domain does not hold yet.

/** `{id}` path segments of teams, advice conversations, images and files. */
export const IdParamSchema = z.object({ id: z.coerce.number().pipe(IdSchema.max(2_147_483_647)) });
export const TeamAdviceParamSchema = z.object({
  teamId: z.coerce.number().pipe(IdSchema.max(2_147_483_647)),
  id: z.coerce.number().pipe(IdSchema.max(2_147_483_647)),
});
export const TeamIdParamSchema = z.object({
  teamId: z.coerce.number().pipe(IdSchema.max(2_147_483_647)),
});

export const EmbedQuerySchema = z.object({ embed: z.string().max(300).optional() });

/** GET /teams/{id}/members?limit=1000&offset=0&embed=hospital */
export const MembersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  embed: z.string().max(300).optional(),
});

/** GET /chat-room/{mimId}: a MUC Light room id. */
export const MimIdParamSchema = z.object({
  mimId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'must be a chat room id'),
});

/**
 * GET /teams/advice-conversations (advice history). `accepted=true` lists conversations both
 * sides closed; `false` lists the open ones. `conversation_context` ALL (default) or REQUESTED
 * (only mine as requester) or RECEIVED (only those to my teams): the spec shows only ALL; the
 * other two are our decision for a mature history filter.
 */
export const AdviceHistoryQuerySchema = z.object({
  embed: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  accepted: z.enum(['true', 'false']).optional(),
  conversation_context: z.enum(['ALL', 'REQUESTED', 'RECEIVED']).default('ALL'),
  sort: z
    .enum(['-modified_at', 'modified_at', '-created_at', 'created_at'])
    .default('-modified_at'),
});

/** GET /filters?include=…&q=…&page[number]=n&outside-organisation=true */
export const SearchQuerySchema = z.object({
  include: z
    .string()
    .max(300)
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : [...SEARCH_INCLUDES],
    )
    .pipe(z.array(z.enum(SEARCH_INCLUDES)).min(1)),
  q: z.string().max(SEARCH_QUERY_MAX_LENGTH).default(''),
  'page[number]': z.coerce.number().int().min(1).max(10_000).default(1),
  'page[size]': z.coerce.number().int().min(1).max(100).default(SEARCH_PAGE_SIZE),
  'outside-organisation': z.enum(['true', 'false']).default('false'),
});
