import { ANALYTICS_METRICS, type AnalyticsMetric } from '../analytics/constants';
import { ANALYTICS_RESPONSE_SCHEMAS, AnalyticsParamsSchema } from '../analytics/schemas';
import { NoQuerySchema } from '../wire/params';
import { ACCESS, endpoint } from './endpoint';
import { lazySchema } from '../wire/lazySchema';

/** A report window's path values: `/{scope}/{id}/…/{from}/{to}`. */
const WindowParamsSchema = lazySchema(() => AnalyticsParamsSchema.required({ from: true }));
/** Cross-organisational teams take only `{to}`. */
const ToParamsSchema = lazySchema(() => AnalyticsParamsSchema.omit({ from: true }));

type OnlyTo = 'crossOrganisationTeamsCount';
type Metrics = typeof ANALYTICS_METRICS;

/** A metric's path below /api/v1 (spec 02 §7; resolved advice keeps the spec's doubled /v1/). */
type MetricPath<M extends AnalyticsMetric> = M extends OnlyTo
  ? `/:scope/:id/${Metrics[M]}/:to`
  : M extends 'resolvedAdviceCount'
    ? `/v1/:scope/:id/${Metrics[M]}/:from/:to`
    : `/:scope/:id/${Metrics[M]}/:from/:to`;

/** One metric's endpoint: admins of the scope only (the 'analytics:scope' rule). */
function metricEndpoint<M extends AnalyticsMetric>(metric: M) {
  const onlyTo = metric === 'crossOrganisationTeamsCount';
  const prefix = metric === 'resolvedAdviceCount' ? '/v1' : '';
  return endpoint({
    method: 'GET',
    path: `${prefix}/:scope/:id/${ANALYTICS_METRICS[metric]}/${onlyTo ? ':to' : ':from/:to'}` as MetricPath<M>,
    params: (onlyTo ? ToParamsSchema : WindowParamsSchema) as M extends OnlyTo
      ? typeof ToParamsSchema
      : typeof WindowParamsSchema,
    query: NoQuerySchema,
    responses: { 200: ANALYTICS_RESPONSE_SCHEMAS[metric] },
    access: ACCESS.scoped('analytics:scope'),
    api: 'v1',
  });
}

/** A metric's declaration. */
export type AnalyticsEndpoint<M extends AnalyticsMetric> = ReturnType<typeof metricEndpoint<M>>;

/**
 * The analytics API (spec 02 §7, API v1): one endpoint per report metric (ANALYTICS_METRICS, in
 * its order), for `/{organisation|network}/{id}`.
 */
export const analyticsEndpoints = Object.fromEntries(
  (Object.keys(ANALYTICS_METRICS) as AnalyticsMetric[]).map((metric) => [
    metric,
    metricEndpoint(metric),
  ]),
) as { [M in AnalyticsMetric]: AnalyticsEndpoint<M> };
