import type { AnalyticsScopeConfig } from '../access/analyticsScope';
import type { RuntimeConfig } from './schemas';

// Its own module, with types only from the rest: the web app calls it before the login page
// shows, and access/analyticsScope.ts brings access/levels.ts and with it zod (~24 KB gzip, the
// login route's budget: issue 10).

/** The report's scope settings from the runtime configuration (`GET /api/config`). */
export function analyticsScopeConfig(
  config: Pick<RuntimeConfig, 'analytics_scope' | 'analytics_demo'>,
): AnalyticsScopeConfig {
  const demo = config.analytics_demo;
  return {
    fixed: config.analytics_scope,
    ...(demo
      ? {
          demoOrganisationId: demo.organisation_id,
          demoEmailDomains: demo.email_domains,
          demoAccounts: demo.accounts,
        }
      : {}),
  };
}
