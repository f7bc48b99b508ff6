import { z } from 'zod';
import { TeamSchema } from '../teams/schemas';
import { IdSchema, UuidSchema } from '../wire/common';
import { UserStatusSchema } from '../users/schemas';
import { chatRoutes } from '../chat/routes';
import { lazySchema } from '../wire/lazySchema';

/** A user hit: a user-like record (spec 01 §3) with hospital name for the result row. */
export const SearchUserSchema = lazySchema(() =>
  z.object({
    id: IdSchema,
    uuid: UuidSchema,
    first_name: z.string(),
    last_name: z.string(),
    status: UserStatusSchema.default('UNKNOWN'),
    gdpr_accepted: z.boolean().optional(),
    role: z.object({ description: z.string().nullish() }).nullish(),
    speciality: z.string().nullish(),
    hospital: z.object({ name: z.string() }).nullish(),
    hospital_uuid: UuidSchema.nullish(),
  }),
);
export type SearchUser = z.infer<typeof SearchUserSchema>;

const UserHitSchema = lazySchema(() =>
  z.object({ type: z.literal('USER'), data: SearchUserSchema }),
);
const TeamHitSchema = lazySchema(() => z.object({ type: z.literal('TEAM'), data: TeamSchema }));

/**
 * One search result (spec 01 §3: "results (each with data) … result keys USER and TEAM").
 *
 * Wire shape (what the server sends): keyed, `{ "USER": { "data": {…} } }` or
 * `{ "TEAM": { "data": {…} } }`. Parsed shape (what clients get): the discriminated union
 * `{ type: 'USER' | 'TEAM', data }`. The `{ type, data }` form is accepted on input too.
 */
export const SearchResultSchema = lazySchema(() =>
  z.preprocess(
    (raw) => {
      if (raw === null || typeof raw !== 'object' || 'type' in raw) return raw;
      const hit = raw as Record<string, unknown>;
      for (const key of ['USER', 'TEAM'] as const) {
        const entry = hit[key];
        if (entry !== null && typeof entry === 'object') {
          return { type: key, data: (entry as { data?: unknown }).data };
        }
      }
      return raw;
    },
    z.discriminatedUnion('type', [UserHitSchema, TeamHitSchema]),
  ),
);
export type SearchResult = z.output<typeof SearchResultSchema>;

/** The keyed wire form of a result, for the server to send. */
export type SearchResultWire =
  | { USER: { data: z.input<typeof SearchUserSchema> } }
  | { TEAM: { data: z.input<typeof TeamSchema> } };

/** The keyed wire form as a schema: what the server declares and sends. */
export const SearchResultWireSchema = lazySchema(() =>
  z.union([
    z.object({ USER: z.object({ data: SearchUserSchema }) }),
    z.object({ TEAM: z.object({ data: TeamSchema }) }),
  ]),
);

/** `{ type, data }` → the keyed wire form. */
export function toWireSearchResult(result: SearchResult): SearchResultWire {
  return result.type === 'USER' ? { USER: { data: result.data } } : { TEAM: { data: result.data } };
}

/** `GET /filters` answer: results, meta (total, searchResultCount), links. */
export const SearchResponseSchema = lazySchema(() =>
  z.object({
    results: z.array(SearchResultSchema),
    meta: z.object({
      total: z.number().int().nonnegative(),
      searchResultCount: z.number().int().nonnegative(),
      page: z.object({ number: z.number().int(), size: z.number().int() }).optional(),
    }),
    /** JSON:API-style page links; null at the ends. */
    links: z
      .object({
        self: z.string().nullish(),
        first: z.string().nullish(),
        last: z.string().nullish(),
        next: z.string().nullish(),
        prev: z.string().nullish(),
      })
      .default({}),
  }),
);
export type SearchResponse = z.output<typeof SearchResponseSchema>;
/** What the server sends (keyed results). */
export type SearchResponseWire = Omit<z.input<typeof SearchResponseSchema>, 'results'> & {
  results: SearchResultWire[];
};

/**
 * Spec 01 §2: a result opens /users/{id}, /ask-advice/{id} (teams whose public_data.enabled is
 * set), or /teams/{id}, by REST id as the spec's routes say. (`GET /users/{id}` also takes the
 * uuid, which is all a direct conversation from the chat inbox knows of its person.)
 */
export function searchResultRoute(result: SearchResult): string {
  if (result.type === 'USER') return chatRoutes.direct(result.data.id);
  return result.data.public_data?.enabled
    ? chatRoutes.newAdvice(result.data.id)
    : chatRoutes.team(result.data.id);
}

/**
 * The outside-organisation filter applied to user hits on the client (the picker's "in my
 * organisation" / "outside organisation"); teams pass through.
 */
export function filterByOrganisation(
  results: readonly SearchResult[],
  ownHospitalUuid: string,
  outsideOrganisation: boolean,
): SearchResult[] {
  return results.filter((r) => {
    if (r.type !== 'USER' || !r.data.hospital_uuid) return true;
    return (r.data.hospital_uuid !== ownHospitalUuid) === outsideOrganisation;
  });
}

/**
 * Spec 01 §5 contact picker: results merged with selected members and de-duplicated by id
 * (selected first, so chosen people stay on top).
 */
export function mergeContacts<T extends { id: number | string }>(
  selected: readonly T[],
  results: readonly T[],
): T[] {
  const seen = new Set<number | string>();
  return [...selected, ...results].filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
}

/** Spec 01 §5: the selected set is de-duplicated on save. */
export function uniqueIds<T extends number | string>(ids: readonly T[]): T[] {
  return [...new Set(ids)];
}

/** `GET /filters` as the server sends it: results in their keyed wire form. */
export const SearchResponseWireSchema = lazySchema(() =>
  SearchResponseSchema.extend({
    results: z.array(SearchResultWireSchema),
  }),
);
