import { SAMPLE_ROLES } from './constants';
import { HOURLY_POINTS } from '../time/constants';
import { percentDelta } from '../time/format';

/**
 * The report's title names the network for network scope, otherwise the user's hospital
 * (spec 02 §2).
 */
export function reportTitle(
  scopeKind: 'organisation' | 'network',
  names: { networkName?: string | null; hospitalName?: string | null },
): string {
  return (scopeKind === 'network' ? names.networkName : names.hospitalName) ?? '';
}

/** Splits `total` into parts proportional to `weights` that add up to `total` exactly. */
function split(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % parts.length, rest--) parts[i] = (parts[i] ?? 0) + 1;
  return parts;
}

/** How busy an hour of the day is (0-1): a working day, quieter at night. */
const hourShape = (hour: number) =>
  hour >= 8 && hour < 18 ? 1 : hour >= 6 && hour < 22 ? 0.4 : 0.1;

/**
 * Placeholder figures for the dashboard (spec 02 §2: "randomly generated placeholder figures
 * unless a no-data switch is set"). `random` is injected (Math.random in the app, a seeded one
 * in tests and the demo) so the function stays pure.
 *
 * Random but coherent, as a viewer checks them (issue 35): the 30-day active users are at least
 * any day's and the users by role add up to them; the message and session totals are the sums
 * of their days and the messages by role add up to the total; an hour's average is below a day's;
 * cross-organisation teams are some of the teams; each total has a delta against a made-up
 * previous window (-20 % to +30 %).
 */
export function placeholderReport(random: () => number, days: readonly string[]) {
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const users = between(150, 500);
  const activeDaily = days.map((date) => {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    return { date, count: Math.round(users * (weekend ? 0.15 : 0.35) * (0.8 + random() * 0.4)) };
  });
  const messagesDaily = activeDaily.map(({ date, count }) => ({
    date,
    count: count * between(3, 8),
  }));
  const sessionsDaily = activeDaily.map(({ date, count }) => ({
    date,
    count: Math.round(count * (1 + random())),
  }));
  const total = (series: readonly { count: number }[]) => series.reduce((a, d) => a + d.count, 0);
  const messages = total(messagesDaily);
  const sessions = total(sessionsDaily);
  const averageDaily = activeDaily.length > 0 ? total(activeDaily) / activeDaily.length : 0;
  // The change against the 30 days before: a previous total, and the percentage as the report
  // computes it from real figures.
  const withDelta = (count: number) => {
    const previous = Math.max(1, Math.round(count / (0.8 + random() * 0.5)));
    return percentDelta(count, previous);
  };
  const roleWeights = SAMPLE_ROLES.map(() => 1 + random() * 4);
  const teams = between(20, 100);
  return {
    activeUsers: { count: users, delta: withDelta(users), daily: activeDaily },
    messages: { count: messages, delta: withDelta(messages), daily: messagesDaily },
    sessions: { count: sessions, delta: withDelta(sessions), daily: sessionsDaily },
    hourly: Array.from({ length: HOURLY_POINTS }, (_, hour) => ({
      hour,
      count: Math.round((averageDaily * hourShape(hour) * (0.5 + random() * 0.3)) / 2),
    })),
    usersByRole: split(users, roleWeights).map((count, i) => ({
      role: SAMPLE_ROLES[i] ?? '',
      count,
    })),
    messagesByRole: split(
      messages,
      roleWeights.map((w) => w * (0.5 + random())),
    ).map((count, i) => ({ role: SAMPLE_ROLES[i] ?? '', count })),
    teams,
    crossOrganisationTeams: between(0, Math.floor(teams / 4)),
    images: between(100, 1000),
    patientCards: between(50, 500),
  };
}

/** A small deterministic generator (mulberry32) for the demo and tests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
