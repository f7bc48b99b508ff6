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
  scopeId: integer('scope_id').notNull(),
});

export const analyticsDailyCounts = pgTable(
  'analytics_daily_counts',
  {
    ...scoped(),
    type: text('type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    role: text('role').notNull(),
    events: integer('events').notNull(),
    withImage: integer('with_image').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeId, t.type, t.day, t.role] })],
);

export const analyticsActiveDays = pgTable(
  'analytics_active_days',
  {
    ...scoped(),
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hours: integer('hours').notNull(),
    prevDay: date('prev_day', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.scopeId, t.userId, t.day] }),
    index('analytics_active_days_unlinked_idx').on(t.scope, t.scopeId, t.userId),
  ],
);

export const analyticsDailyActive = pgTable(
  'analytics_daily_active',
  {
    ...scoped(),
    day: date('day', { mode: 'string' }).notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeId, t.day] })],
);

export const analyticsHourlyActive = pgTable(
  'analytics_hourly_active',
  {
    ...scoped(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeId, t.day, t.hour] })],
);

export const analyticsActiveChain = pgTable(
  'analytics_active_chain',
  {
    ...scoped(),
    day: date('day', { mode: 'string' }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeId, t.day, t.prevDay] })],
);

/** People who are not blocked per scope ('a' everyone), role and creation day (migration 0401). */
export const usersRollup = pgTable(
  'users_rollup',
  {
    ...scoped(),
    role: text('role').notNull(),
    createdDay: date('created_day', { mode: 'string' }).notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeId, t.role, t.createdDay] })],
);

/** The same people per scope and role only (migration 0600): the users count sums a row per role. */
export const usersRollupTotals = pgTable(
  'users_rollup_totals',
  {
    ...scoped(),
    role: text('role').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeId, t.role] })],
);
