import type { AccessLevel } from './levels';
import { hasAccess } from './rank';

export type AnalyticsScopeKind = 'organisation' | 'network';

export interface AnalyticsScope {
  kind: AnalyticsScopeKind;
  id: string;
}

export interface AnalyticsScopeInput {
  access_level: string;
  network_uuid?: string | null;
  /** Numeric network id; the spec says "network id", the uuid is used when it is absent. */
  network_id?: number | string | null;
  hospital_uuid?: string | null;
  email?: string | null;
}

export interface AnalyticsScopeConfig {
  /** A fixed scope set by configuration (RuntimeConfig.analytics_scope) wins over everything. */
  fixed?: AnalyticsScope | null;
  /**
   * Spec 02 §6: "certain internal email domains and one named account map to a fixed demo
   * organisation". Both lists come from configuration; nothing is hard-coded here.
   */
  demoEmailDomains?: readonly string[];
  demoAccounts?: readonly string[];
  demoOrganisationId?: string | null;
}

/**
 * "Network-wide admin": NETWORK_ADMIN and everything above it (NEURO, PANDO_ADMIN) see the
 * whole network's figures; an ORGANISATION_ADMIN sees their hospital.
 */
const NETWORK_WIDE: AccessLevel = 'NETWORK_ADMIN';

/**
 * Spec 02 §6: "certain internal email domains and one named account map to a fixed demo
 * organisation": whether this email is one of them (case-insensitive; a domain matches the part
 * after the last @ exactly, not its subdomains). The report (analyticsScope) and the server's
 * analytics authorization (apps/server/src/analytics/access.ts) both ask this.
 */
export function isDemoAnalyticsViewer(
  email: string | null | undefined,
  config: Pick<AnalyticsScopeConfig, 'demoEmailDomains' | 'demoAccounts'>,
): boolean {
  const address = email?.trim().toLowerCase() ?? '';
  const at = address.lastIndexOf('@');
  if (at < 1) return false;
  const domain = address.slice(at + 1);
  return (
    (config.demoAccounts?.some((a) => a.toLowerCase() === address) ?? false) ||
    (config.demoEmailDomains?.some((d) => d.toLowerCase() === domain) ?? false)
  );
}

/** Spec 02 §6 analytics scope. Returns null when the viewer has no usable id. */
export function analyticsScope(
  user: AnalyticsScopeInput,
  config: AnalyticsScopeConfig = {},
): AnalyticsScope | null {
  if (config.fixed) return config.fixed;
  if (config.demoOrganisationId && isDemoAnalyticsViewer(user.email, config)) {
    return { kind: 'organisation', id: config.demoOrganisationId };
  }
  if (hasAccess(user.access_level, NETWORK_WIDE)) {
    const id = user.network_id ?? user.network_uuid;
    if (id != null && id !== '') return { kind: 'network', id: String(id) };
  }
  if (user.hospital_uuid) return { kind: 'organisation', id: user.hospital_uuid };
  return null;
}
