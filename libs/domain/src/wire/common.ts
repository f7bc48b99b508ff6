import { z } from 'zod';
import { lazySchema } from './lazySchema';

/** The largest database id: ids are PostgreSQL `integer` (int4) columns. */
export const ID_MAX = 2_147_483_647;

/**
 * The most ids one request may carry in a list (members to add, people to share with, …): the
 * spec's largest list is a team's 1,000 members (`TEAM_MEMBERS_LIMIT`).
 */
export const ID_LIST_MAX = 1000;

/**
 * Database ids (users, teams, cards, …) are non-negative integers that fit PostgreSQL's int4:
 * a larger one is a 400 naming the field, never a database error (issue 14, finding 9).
 */
export const IdSchema = lazySchema(() => z.number().int().nonnegative().max(ID_MAX));

/** A list of ids in a request body or query: each an `IdSchema`, at most `ID_LIST_MAX` of them. */
export const IdListSchema = lazySchema(() => z.array(IdSchema).max(ID_LIST_MAX));

/**
 * Uuids name users and organisations in JIDs and URLs, so only URL- and JID-safe characters are
 * accepted. Not forced to RFC 4122: seeded and test data may use readable ids.
 */
export const UuidSchema = lazySchema(() =>
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, "-" or "_"'),
);

/**
 * A MUC Light room's local part (`{mim_id}@muclight.{domain}`): JID-safe characters, '.' allowed
 * (MongooseIM room names may carry it), up to 128.
 */
export const MimIdSchema = lazySchema(() =>
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'must be a chat room id'),
);

/**
 * Years 1–9999 only: the ISO forms take year 0000, which PostgreSQL refuses ("date/time field
 * value out of range"), so it answered 500 instead of a 400 naming the field (issue 36).
 */
const YEAR_ZERO = /^0000-/;
const YEAR_RANGE = 'must be a date in the years 1 to 9999';

/** ISO-8601 date-time with offset, as the API sends timestamps (`2026-01-31T09:00:00.000Z`). */
export const TimestampSchema = lazySchema(() =>
  z.iso.datetime({ offset: true }).refine((v) => !YEAR_ZERO.test(v), YEAR_RANGE),
);

/** Calendar date `YYYY-MM-DD` (patient dob, analytics windows). */
export const IsoDateSchema = lazySchema(() =>
  z.iso.date().refine((v) => !YEAR_ZERO.test(v), YEAR_RANGE),
);

/** Free-text names: trimmed, non-empty, bounded so hostile payloads cannot bloat storage. */
export const NameSchema = lazySchema(() => z.string().trim().min(1).max(200));

/** `{ results: T[] }`, the list envelope of the v4 API. */
export const resultsOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });

/** `{ results: T[], total_count }`, the paged envelope (advice history, images). */
export const pagedResultsOf = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), total_count: z.number().int().nonnegative() });

/** `{ user_ids }` body of members/add and members/remove. */
export const UserIdsBodySchema = lazySchema(() => z.object({ user_ids: IdListSchema }));
export type UserIdsBody = z.infer<typeof UserIdsBodySchema>;
