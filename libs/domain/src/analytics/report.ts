import { SAMPLE_ROLES } from './constants';
import { HOURLY_POINTS } from '../time/constants';

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

/**
 * Placeholder figures for the dashboard (spec 02 §2: "randomly generated placeholder figures
 * unless a no-data switch is set"). `random` is injected (Math.random in the app, a seeded one
 * in tests and the demo) so the function stays pure.
 */
export function placeholderReport(random: () => number, days: readonly string[]) {
  const int = (max: number) => Math.floor(random() * max);
  return {
    activeUsers: { count: int(500), daily: days.map((date) => ({ date, count: int(200) })) },
    messages: { count: int(20_000), daily: days.map((date) => ({ date, count: int(1000) })) },
    sessions: { count: int(5000), daily: days.map((date) => ({ date, count: int(300) })) },
    hourly: Array.from({ length: HOURLY_POINTS }, (_, hour) => ({ hour, count: int(50) })),
    usersByRole: SAMPLE_ROLES.map((role) => ({ role, count: int(100) })),
    messagesByRole: SAMPLE_ROLES.map((role) => ({ role, count: int(5000) })),
    teams: int(100),
    crossOrganisationTeams: int(20),
    images: int(1000),
    patientCards: int(500),
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
