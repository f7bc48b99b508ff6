import {
  ANALYTICS_API_VERSION,
  ANALYTICS_METRICS,
  ANALYTICS_RESPONSE_SCHEMAS,
  ADMIN_API_VERSION,
  analyticsEndpoints,
  type AnalyticsEndpoint,
  type AnalyticsMetric,
  type AnalyticsScope,
} from '@pando/domain';
import { useQueries } from '@tanstack/react-query';
import type { z } from 'zod';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { ForbiddenError, orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';

/*
 * The report's 15 analytics calls (spec 02 §7, API v1, bearer auth plus the client header), one
 * declaration per metric (@pando/domain `analyticsEndpoints`): its path, and its answer's schema.
 */

/** What a metric answers: `{ count }`, a daily or hourly series, or counts by role. */
export type AnalyticsAnswer<M extends AnalyticsMetric> = z.infer<
  (typeof ANALYTICS_RESPONSE_SCHEMAS)[M]
>;

/** The analytics base next to the admin one: `…/api/v4` → `…/api/v1`. */
export function analyticsBaseUrl(adminBaseUrl: string): string {
  const base = adminBaseUrl.replace(/\/+$/, '');
  const suffix = `/${ADMIN_API_VERSION}`;
  if (!base.endsWith(suffix))
    throw new Error(`The API base URL ${adminBaseUrl} does not end with ${suffix}.`);
  return `${base.slice(0, -suffix.length)}/${ANALYTICS_API_VERSION}`;
}

/** One metric of a scope for the days `from`–`to` (ISO dates, both included). */
export async function getAnalytics<M extends AnalyticsMetric>(
  http: HttpClient,
  metric: M,
  scope: AnalyticsScope,
  from: string,
  to: string,
): Promise<AnalyticsAnswer<M>> {
  // Every metric's path takes these values (cross-organisational teams ignore `from`).
  const declaration = analyticsEndpoints[metric] as AnalyticsEndpoint<AnalyticsMetric>;
  const answer = await call(http, declaration, {
    params: { scope: scope.kind, id: scope.id, from, to },
    baseUrl: analyticsBaseUrl(http.baseUrl),
    bearer: true,
  });
  return orThrowBadRequest(answer) as AnalyticsAnswer<M>;
}

const analyticsKeys = {
  all: ['analytics'] as const,
  metric: (metric: AnalyticsMetric, scope: AnalyticsScope, from: string, to: string) =>
    [...analyticsKeys.all, scope.kind, scope.id, metric, from, to] as const,
};

/** Every metric, in the spec's order. */
const ALL_ANALYTICS_METRICS = Object.keys(ANALYTICS_METRICS) as AnalyticsMetric[];

/** The figures of a report window; a metric is absent until it has loaded (or if it failed). */
export type AnalyticsFigures = { [M in AnalyticsMetric]?: AnalyticsAnswer<M> };

export interface AnalyticsReportState {
  figures: AnalyticsFigures;
  /** Some metric is still loading. */
  isLoading: boolean;
  /** A metric answered 403: the report shows "You are not allowed to perform that action." */
  forbidden: boolean;
  /** The first other failure, if any. */
  error: Error | null;
  refetch: () => void;
}

/**
 * The report's figures for one window: every metric asked in parallel (each cached on its own,
 * so the previous window's counts for the deltas can be asked with `metrics`). `scope` null (the
 * viewer has no usable id) or `enabled` false asks nothing.
 */
export function useAnalyticsReport(
  scope: AnalyticsScope | null,
  window: { from: string; to: string },
  options: { metrics?: readonly AnalyticsMetric[]; enabled?: boolean } = {},
): AnalyticsReportState {
  const http = useHttpClient();
  const metrics = options.metrics ?? ALL_ANALYTICS_METRICS;
  const enabled = (options.enabled ?? true) && scope !== null;
  const results = useQueries({
    queries: metrics.map((metric) => ({
      queryKey: analyticsKeys.metric(
        metric,
        scope ?? { kind: 'organisation', id: '' },
        window.from,
        window.to,
      ),
      queryFn: () =>
        getAnalytics(
          http,
          metric,
          scope ?? { kind: 'organisation', id: '' },
          window.from,
          window.to,
        ),
      enabled,
      staleTime: STALE.analytics,
    })),
  });
  const figures: Record<string, unknown> = {};
  metrics.forEach((metric, i) => {
    const data = results[i]?.data;
    if (data !== undefined) figures[metric] = data;
  });
  const errors = results.map((r) => r.error).filter((e): e is Error => e !== null);
  return {
    figures: figures,
    isLoading: enabled && results.some((r) => r.isPending),
    forbidden: errors.some((e) => e instanceof ForbiddenError),
    error: errors.find((e) => !(e instanceof ForbiddenError)) ?? null,
    refetch: () => {
      for (const r of results) void r.refetch();
    },
  };
}
