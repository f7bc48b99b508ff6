import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  ANALYTICS_METRICS,
  ANALYTICS_RESPONSE_SCHEMAS,
  analyticsEndpoints,
  type AnalyticsMetric,
  PATIENT_CARD_CREATED_EVENT,
  analyticsWindow,
} from '@pando/domain';
import { loaded } from '../authz/access.js';
import type { DatabaseTx } from '../db/client.js';
import { route } from '../http/endpoint.js';
import { fromApiError } from '../http/errors.js';
import type { AnalyticsTarget } from './access.js';
import { catchUpChatAnalytics } from './chatRollup.js';
import {
  activeUsersCount,
  activeUsersDaily,
  countEvents,
  crossOrganisationTeams,
  dailyEvents,
  hourlyActiveUsers,
  messagesByRole,
  pagersCount,
  resolvedAdvice,
  teamsCount,
  usersByRole,
  type Window,
} from './repo.js';

/** The report's window of whole UTC days (repo.ts `Window`), or the domain's refusal. */
function windowOf(params: { from?: string | undefined; to: string }): Window {
  const answer = analyticsWindow(params);
  if ('error' in answer) throw fromApiError(answer.error);
  const { from, to, startMs, endMs, dates } = answer.window;
  return { from, to, start: new Date(startMs), end: new Date(endMs), days: dates.length };
}

type Answer = z.infer<(typeof ANALYTICS_RESPONSE_SCHEMAS)[AnalyticsMetric]>;
type Compute = (db: DatabaseTx, t: AnalyticsTarget, w: Window) => Promise<Answer>;

/** Each metric of spec 02 §7 and how it is computed from the recorded events and tables. */
const METRICS: Record<AnalyticsMetric, Compute> = {
  activeUsersCount,
  activeUsersDaily,
  activeUsersHourly: hourlyActiveUsers,
  messagesCount: (db, t, w) => countEvents(db, t, w, ['message_sent']),
  messagesDaily: (db, t, w) => dailyEvents(db, t, w, ['message_sent']),
  sessionsCount: (db, t, w) => countEvents(db, t, w, ['session_started']),
  sessionsDaily: (db, t, w) => dailyEvents(db, t, w, ['session_started']),
  usersByRole,
  messagesByRole,
  teamsCount,
  crossOrganisationTeamsCount: crossOrganisationTeams,
  imagesCount: (db, t, w) => countEvents(db, t, w, ['message_sent'], { withImage: true }),
  patientCardsCount: (db, t, w) => countEvents(db, t, w, [PATIENT_CARD_CREATED_EVENT]),
  pagersCount,
  resolvedAdviceCount: resolvedAdvice,
};

/**
 * The analytics API (spec 02 §7 "Analytics (API v1)", issue 20), under /api/v1: the 15 report
 * metrics for `/{organisation|network}/{id}`, from the recorded events (analytics_events) and the
 * tables. Bearer token or session cookie; admins of the scope only (analytics/access.ts).
 * Response shapes: apps/server/README.md "Analytics". One route per metric, from its declaration
 * (@pando/domain analyticsEndpoints).
 */
export default function analyticsRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  // Chat messages are counted off their commit (chatRollup.ts): the ones stored before this call
  // are recorded before it reads, so a report is never behind the chat.
  app.addHook('preHandler', async () => {
    await app.chat.settled();
    await catchUpChatAnalytics(app.db);
  });
  for (const metric of Object.keys(ANALYTICS_METRICS) as AnalyticsMetric[]) {
    const compute = METRICS[metric];
    route(app, analyticsEndpoints[metric], async (req) =>
      compute(app.db, loaded(req, 'analytics'), windowOf(req.params)),
    );
  }
  done();
}
