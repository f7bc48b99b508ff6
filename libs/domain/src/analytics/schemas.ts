import { z } from 'zod';
import { IdSchema, IsoDateSchema } from '../wire/common';
import {
  ANALYTICS_EVENTS,
  ANALYTICS_METRICS,
  ANALYTICS_API_VERSION,
  type AnalyticsMetric,
} from './constants';
import type { AnalyticsScope } from '../access/analyticsScope';
import { lazySchema } from '../wire/lazySchema';

// Response shapes are "not shown" (spec 02 §7). Decisions, one per kind of endpoint:
//   …/count                  → { count }
//   …/timeseries/daily       → { results: [{ date: 'YYYY-MM-DD', count }] }
//   …/timeseries/hourly      → { results: [{ hour: 0..23, count }] }  (average per hour)
//   …/roles/…/count          → { results: [{ role, count }] }

export const AnalyticsCountSchema = lazySchema(() => z.object({ count: z.number().nonnegative() }));
export type AnalyticsCount = z.infer<typeof AnalyticsCountSchema>;

export const DailySeriesSchema = lazySchema(() =>
  z.object({
    results: z.array(z.object({ date: IsoDateSchema, count: z.number().nonnegative() })),
  }),
);
export type DailySeries = z.infer<typeof DailySeriesSchema>;

export const HourlySeriesSchema = lazySchema(() =>
  z.object({
    results: z.array(
      z.object({ hour: z.number().int().min(0).max(23), count: z.number().nonnegative() }),
    ),
  }),
);
export type HourlySeries = z.infer<typeof HourlySeriesSchema>;

export const RoleCountsSchema = lazySchema(() =>
  z.object({
    results: z.array(z.object({ role: z.string(), count: z.number().nonnegative() })),
  }),
);
export type RoleCounts = z.infer<typeof RoleCountsSchema>;

/** Which schema answers which metric. */
export const ANALYTICS_RESPONSE_SCHEMAS = {
  activeUsersCount: AnalyticsCountSchema,
  activeUsersDaily: DailySeriesSchema,
  activeUsersHourly: HourlySeriesSchema,
  messagesCount: AnalyticsCountSchema,
  messagesDaily: DailySeriesSchema,
  sessionsCount: AnalyticsCountSchema,
  sessionsDaily: DailySeriesSchema,
  usersByRole: RoleCountsSchema,
  messagesByRole: RoleCountsSchema,
  teamsCount: AnalyticsCountSchema,
  crossOrganisationTeamsCount: AnalyticsCountSchema,
  imagesCount: AnalyticsCountSchema,
  patientCardsCount: AnalyticsCountSchema,
  pagersCount: AnalyticsCountSchema,
  resolvedAdviceCount: AnalyticsCountSchema,
} as const satisfies Record<AnalyticsMetric, z.ZodType>;

/** Path params of every analytics route, for the server. */
export const AnalyticsParamsSchema = lazySchema(() =>
  z.object({
    scope: z.enum(['organisation', 'network']),
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema,
  }),
);
export type AnalyticsParams = z.infer<typeof AnalyticsParamsSchema>;

/**
 * The path of a metric under `/api/v1` (spec 02 §7). Cross-organisational teams only take {to};
 * resolved advice keeps the spec's doubled `/v1/` ("the /api/v1/v1/… quirk").
 */
export function analyticsPath(
  metric: AnalyticsMetric,
  scope: AnalyticsScope,
  from: string,
  to: string,
): string {
  const base = `/${scope.kind}/${encodeURIComponent(scope.id)}/${ANALYTICS_METRICS[metric]}`;
  if (metric === 'crossOrganisationTeamsCount') return `${base}/${to}`;
  if (metric === 'resolvedAdviceCount') return `/${ANALYTICS_API_VERSION}${base}/${from}/${to}`;
  return `${base}/${from}/${to}`;
}

export const AnalyticsEventNameSchema = lazySchema(() => z.enum(ANALYTICS_EVENTS));
export type AnalyticsEventName = z.infer<typeof AnalyticsEventNameSchema>;

/** message_sent (spec 02 §7): user, team, advice, forum ids and has_patient / has_image. */
export const MessageSentEventSchema = lazySchema(() =>
  z.object({
    event: z.literal('message_sent'),
    user_id: IdSchema,
    team_id: IdSchema.nullish(),
    advice_id: IdSchema.nullish(),
    forum_id: IdSchema.nullish(),
    has_patient: z.boolean().default(false),
    has_image: z.boolean().default(false),
  }),
);
export type MessageSentEvent = z.infer<typeof MessageSentEventSchema>;

/** The other events carry the user (if known) and, for failures, a type. */
export const AnalyticsEventSchema = lazySchema(() =>
  z.discriminatedUnion('event', [
    MessageSentEventSchema,
    z.object({ event: z.literal('login'), user_id: IdSchema }),
    z.object({
      event: z.literal('login_unsuccessful'),
      type: z.string().max(64),
      email: z.string().max(254).optional(),
    }),
    z.object({ event: z.literal('access_token_invalid'), user_id: IdSchema.optional() }),
    z.object({ event: z.literal('auth_code_invalid'), email: z.string().max(254).optional() }),
  ]),
);
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;
