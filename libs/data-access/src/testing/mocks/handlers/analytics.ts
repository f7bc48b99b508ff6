import { HttpResponse } from 'msw';
import {
  ANALYTICS_METRICS,
  analyticsEndpoints,
  type AnalyticsMetric,
  analyticsWindow,
} from '@pando/domain';
import type { MockBackend } from '../backend';
import { adminStore, type MockAnalyticsEvent } from '../adminStore';
import { declaredHandlers } from './endpoint';
import type { AnalyticsTarget as Target } from './scopes/analytics';
import { apiErrorOf, fail } from './util';

/*
 * The report's analytics (spec 02 §7, `/api/v1/{scope}/{id}/…`) on the mock backend, with the
 * server's rules (apps/server/src/analytics): admins of the scope only (the 'analytics:scope'
 * rule, scopes/analytics.ts), UTC calendar days with both ends included, at most 366 days (400
 * naming `from`), daily series with every day, 24 hourly averages, role counts largest first. The
 * events are the demo's month (@pando/domain/demo `generateDemoOrganisation`, as the server seeds
 * it).
 */

interface Window {
  start: number;
  end: number;
  days: string[];
}

function windowOf(from: string | undefined, to: string): Window {
  const answer = analyticsWindow({ from, to });
  if ('error' in answer) return fail(apiErrorOf(answer.error));
  const { startMs, endMs, dates } = answer.window;
  return { start: startMs, end: endMs, days: dates };
}

const inTarget = (t: Target, where: { hospital_id: number | null; network_id: number | null }) =>
  t.kind === 'organisation' ? where.hospital_id === t.hospitalId : where.network_id === t.networkId;

const ACTIVE = new Set<MockAnalyticsEvent['type']>(['login', 'session_started', 'message_sent']);

function compute(backend: MockBackend, metric: AnalyticsMetric, t: Target, w: Window) {
  const events = adminStore(backend).analytics.filter(
    (e) => inTarget(t, e) && e.at >= w.start && e.at < w.end,
  );
  const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
  const count = (type: MockAnalyticsEvent['type']) => events.filter((e) => e.type === type);
  const daily = (list: MockAnalyticsEvent[], distinct: boolean) => {
    const byDay = new Map<string, Set<string> | number>();
    for (const e of list) {
      const day = dayOf(e.at);
      if (distinct) {
        const set = (byDay.get(day) as Set<string> | undefined) ?? new Set<string>();
        set.add(e.user);
        byDay.set(day, set);
      } else byDay.set(day, ((byDay.get(day) as number | undefined) ?? 0) + 1);
    }
    return {
      results: w.days.map((date) => {
        const v = byDay.get(date);
        return { date, count: v === undefined ? 0 : typeof v === 'number' ? v : v.size };
      }),
    };
  };
  const byRole = (entries: { role: string }[]) => {
    const counts = new Map<string, number>();
    for (const e of entries) counts.set(e.role, (counts.get(e.role) ?? 0) + 1);
    return {
      results: [...counts]
        .map(([role, n]) => ({ role, count: n }))
        .sort((a, b) => b.count - a.count || a.role.localeCompare(b.role)),
    };
  };
  const active = events.filter((e) => ACTIVE.has(e.type));
  const teamsInScope = backend.state.teams.filter((team) =>
    inTarget(t, backend.placement(team.hospital_id)),
  );
  switch (metric) {
    case 'activeUsersCount':
      return { count: new Set(active.map((e) => e.user)).size };
    case 'activeUsersDaily':
      return daily(active, true);
    case 'activeUsersHourly': {
      const perHour = Array.from({ length: 24 }, () => new Set<string>());
      for (const e of active)
        perHour[new Date(e.at).getUTCHours()]?.add(`${dayOf(e.at)} ${e.user}`);
      return {
        results: perHour.map((set, hour) => ({
          hour,
          count: Math.round((set.size / w.days.length) * 100) / 100,
        })),
      };
    }
    case 'messagesCount':
      return { count: count('message_sent').length };
    case 'messagesDaily':
      return daily(count('message_sent'), false);
    case 'sessionsCount':
      return { count: count('session_started').length };
    case 'sessionsDaily':
      return daily(count('session_started'), false);
    case 'usersByRole':
      return byRole(
        backend.state.users
          .filter((u) => !u.blocked && inTarget(t, backend.placement(u.hospital_id)))
          .map((u) => ({ role: u.role?.description ?? 'Unknown' })),
      );
    case 'messagesByRole':
      return byRole(count('message_sent'));
    case 'teamsCount':
      return { count: teamsInScope.length };
    case 'crossOrganisationTeamsCount':
      return {
        count: teamsInScope.filter(
          (team) => new Set(team.user_ids.map((u) => backend.userById(u)?.hospital_id)).size > 1,
        ).length,
      };
    case 'imagesCount':
      return { count: count('message_sent').filter((e) => e.has_image).length };
    case 'patientCardsCount': {
      const created = adminStore(backend).cardsCreated;
      return {
        count: backend.state.cards.filter((c) => {
          const patient = backend.state.patients.find((p) => p.id === c.patient_id);
          const at = Date.parse(created.get(c.id) ?? c.created_at);
          return (
            patient &&
            inTarget(t, backend.placement(patient.hospital_id)) &&
            at >= w.start &&
            at < w.end
          );
        }).length,
      };
    }
    case 'pagersCount':
      return {
        count: adminStore(backend).pagers.filter((p) =>
          inTarget(t, backend.placement(p.hospital_id)),
        ).length,
      };
    case 'resolvedAdviceCount': {
      const ids = new Set(teamsInScope.map((team) => team.id));
      return {
        count: backend.state.adviceConversations.filter((a) => {
          const at = Date.parse(a.modified_at);
          return ids.has(a.team_id) && a.public_team_resolved && at >= w.start && at < w.end;
        }).length,
      };
    }
  }
}

/** One handler per metric, from its declaration (@pando/domain analyticsEndpoints). */
export function analyticsHandlers(backend: MockBackend) {
  const handle = declaredHandlers(backend);
  return (Object.keys(ANALYTICS_METRICS) as AnalyticsMetric[]).map((metric) =>
    handle(analyticsEndpoints[metric], ({ loaded, params }) => {
      const target = loaded.analytics;
      if (!target) throw new Error("The 'analytics:scope' rule loaded no target.");
      const from = 'from' in params ? params.from : undefined;
      return HttpResponse.json(compute(backend, metric, target, windowOf(from, params.to)));
    }),
  );
}
