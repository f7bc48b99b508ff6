import {
  char,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

/**
 * The analytics rollups (migration 0400, issue 20), kept by the `analytics_rollup` trigger on
 * analytics_events; the report calls read these instead of the events. Scope 'o' is an
 * organisation, 'n' a network. Design: apps/server/README.md "Analytics at scale".
 */
const scoped = () => ({
  scope: char('scope', { length: 1 }).notNull(),
  scope_id: integer('scope_id').notNull(),
});

export const analyticsDailyCounts = pgTable(
  'analytics_daily_counts',
  {
    ...scoped(),
    type: text('type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    role: text('role').notNull(),
    events: integer('events').notNull(),
    with_image: integer('with_image').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scope_id, t.type, t.day, t.role] })],
);

export const analyticsActiveDays = pgTable(
  'analytics_active_days',
  {
    ...scoped(),
    user_id: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hours: integer('hours').notNull(),
    prev_day: date('prev_day', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.scope_id, t.user_id, t.day] }),
    index('analytics_active_days_unlinked_idx').on(t.scope, t.scope_id, t.user_id),
  ],
);

export const analyticsDailyActive = pgTable(
  'analytics_daily_active',
  {
    ...scoped(),
    day: date('day', { mode: 'string' }).notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scope_id, t.day] })],
);

export const analyticsHourlyActive = pgTable(
  'analytics_hourly_active',
  {
    ...scoped(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scope_id, t.day, t.hour] })],
);

export const analyticsActiveChain = pgTable(
  'analytics_active_chain',
  {
    ...scoped(),
    day: date('day', { mode: 'string' }).notNull(),
    prev_day: date('prev_day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scope_id, t.day, t.prev_day] })],
);

/** People who are not blocked per scope ('a' everyone), role and creation day (migration 0401). */
export const usersRollup = pgTable(
  'users_rollup',
  {
    ...scoped(),
    role: text('role').notNull(),
    created_day: date('created_day', { mode: 'string' }).notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scope_id, t.role, t.created_day] })],
);

/** The same people per scope and role only (migration 0600): the users count sums a row per role. */
export const usersRollupTotals = pgTable(
  'users_rollup_totals',
  {
    ...scoped(),
    role: text('role').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scope_id, t.role] })],
);
