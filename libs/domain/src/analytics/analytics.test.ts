import { describe, expect, it } from 'vitest';
import {
  AnalyticsEventSchema,
  AnalyticsParamsSchema,
  ANALYTICS_RESPONSE_SCHEMAS,
  analyticsPath,
  DailySeriesSchema,
  HourlySeriesSchema,
} from './schemas';
import {
  ANALYTICS_METRICS,
  DISABLED_REPORT_METRICS,
  SAMPLE_ROLES,
  type AnalyticsMetric,
} from './constants';
import { placeholderReport, reportTitle, seededRandom } from './report';

const org = { kind: 'organisation', id: 'h1' } as const;

describe('analytics calls (spec 02 §7)', () => {
  it('builds /{scope}/{id}/…/{from}/{to} for every metric', () => {
    expect(analyticsPath('activeUsersCount', org, '2025-12-11', '2026-01-09')).toBe(
      '/organisation/h1/active-users/count/2025-12-11/2026-01-09',
    );
    expect(analyticsPath('usersByRole', { kind: 'network', id: '7' }, 'a', 'b')).toBe(
      '/network/7/total-users/roles/roles/count/a/b',
    );
    expect(Object.keys(ANALYTICS_METRICS)).toHaveLength(15);
  });

  it('cross-organisational teams take only {to}; resolved advice keeps the /v1/v1 quirk', () => {
    expect(analyticsPath('crossOrganisationTeamsCount', org, 'a', 'b')).toBe(
      '/organisation/h1/teams/cross-organisational/count/b',
    );
    expect(analyticsPath('resolvedAdviceCount', org, 'a', 'b')).toBe(
      '/v1/organisation/h1/teams/ask-advice/resolved-conversations/count/a/b',
    );
  });

  it('the last two report figures (pagers, resolved ask-advice) are disabled', () => {
    expect(DISABLED_REPORT_METRICS).toEqual(['pagersCount', 'resolvedAdviceCount']);
  });

  it('every metric has a response schema; bad answers name the field', () => {
    for (const metric of Object.keys(ANALYTICS_METRICS) as AnalyticsMetric[]) {
      expect(ANALYTICS_RESPONSE_SCHEMAS[metric]).toBeDefined();
    }
    expect(
      DailySeriesSchema.safeParse({ results: [{ date: 'monday', count: 1 }] }).error?.issues[0]
        ?.path,
    ).toEqual(['results', 0, 'date']);
    expect(
      HourlySeriesSchema.safeParse({ results: [{ hour: 24, count: 1 }] }).error?.issues[0]?.path,
    ).toEqual(['results', 0, 'hour']);
    expect(
      AnalyticsParamsSchema.safeParse({ scope: 'planet', id: 'x', to: '2026-01-01' }).error
        ?.issues[0]?.path,
    ).toEqual(['scope']);
  });

  it('records message_sent with user, team, advice, forum ids and has_patient / has_image flags', () => {
    expect(AnalyticsEventSchema.parse({ event: 'message_sent', user_id: 1, team_id: 2 })).toEqual({
      event: 'message_sent',
      user_id: 1,
      team_id: 2,
      has_patient: false,
      has_image: false,
    });
    expect(
      AnalyticsEventSchema.parse({ event: 'login_unsuccessful', type: 'auth_code_invalid' }).event,
    ).toBe('login_unsuccessful');
    expect(AnalyticsEventSchema.safeParse({ event: 'clicked' }).success).toBe(false);
  });
});

describe('report', () => {
  it('names the network for network scope, otherwise the hospital', () => {
    expect(
      reportTitle('network', { networkName: 'Demo Health Network', hospitalName: 'St E' }),
    ).toBe('Demo Health Network');
    expect(
      reportTitle('organisation', { networkName: 'N', hospitalName: 'St Elsewhere General' }),
    ).toBe('St Elsewhere General');
    expect(reportTitle('organisation', {})).toBe('');
  });

  it('placeholder figures carry deltas and add up: totals are their days, roles add up to totals', () => {
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    for (const seed of [1, 7, 42, 1234]) {
      const r = placeholderReport(seededRandom(seed), days);
      const sum = (xs: readonly { count: number }[]) => xs.reduce((a, x) => a + x.count, 0);
      for (const card of [r.activeUsers, r.messages, r.sessions]) {
        expect(card.delta).not.toBeNull();
        expect(card.delta).toBeGreaterThan(-25);
        expect(card.delta).toBeLessThan(30);
      }
      expect(r.messages.count).toBe(sum(r.messages.daily));
      expect(r.sessions.count).toBe(sum(r.sessions.daily));
      expect(sum(r.usersByRole)).toBe(r.activeUsers.count);
      expect(sum(r.messagesByRole)).toBe(r.messages.count);
      const busiestDay = Math.max(...r.activeUsers.daily.map((d) => d.count));
      expect(busiestDay).toBeLessThanOrEqual(r.activeUsers.count);
      expect(Math.max(...r.hourly.map((h) => h.count))).toBeLessThanOrEqual(busiestDay);
      expect(r.crossOrganisationTeams).toBeLessThanOrEqual(r.teams);
    }
  });

  it('placeholder figures: 24 hourly points and the 9 sample roles, reproducible with a seed', () => {
    const days = ['2026-01-08', '2026-01-09'];
    const a = placeholderReport(seededRandom(42), days);
    const b = placeholderReport(seededRandom(42), days);
    expect(a).toEqual(b);
    expect(a.hourly).toHaveLength(24);
    expect(a.usersByRole.map((r) => r.role)).toEqual([...SAMPLE_ROLES]);
    expect(SAMPLE_ROLES).toHaveLength(9);
    expect(a.messages.daily.map((d) => d.date)).toEqual(days);
    const r = seededRandom(1);
    for (let i = 0; i < 100; i++) {
      const v = r();
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
    }
  });
});
