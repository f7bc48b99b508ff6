import { HttpResponse } from 'msw';
import {
  AUDIT_CSV_MAX_ROWS,
  auditCsv,
  auditEndpoints,
  auditWindow,
  displayName,
  textsWith,
  withinAdminReach,
  type AuditEventRow,
  type AuditFilter,
} from '@pando/domain';
import type { MockBackend } from '../backend';
import { declaredHandlers } from './endpoint';
import type { MockLoaded } from './scopes';
import { apiError } from './util';

/*
 * The audit trail's API (issue 36, apps/server/src/audit/routes.ts) on the mock backend, from
 * its declarations (@pando/domain auditEndpoints; the reach from the 'admin' rule): the domain's reach (`withinAdminReach` on the event's organisation and
 * network), time window (`auditWindow`) and CSV (`auditCsv`, formula-escaped). The mock keeps
 * a few seeded events (reads and an email of demo cards) so the demo has something to show.
 * The export refuses more than AUDIT_CSV_MAX_ROWS events (413), as the server: never a cut file.
 * The actor's name and email are read when the trail is (the person now, as the server's join),
 * the name by `displayName`: a nameless person shows as their email, as on every screen.
 */

interface MockAuditEvent extends Omit<AuditEventRow, 'user_name' | 'user_email'> {
  network_id: number | null;
}

const trails = new WeakMap<MockBackend, MockAuditEvent[]>();

/** The backend's trail, seeded on first use; tests append to it (the export's row limit). */
export function trailOf(backend: MockBackend): MockAuditEvent[] {
  let trail = trails.get(backend);
  if (trail) return trail;
  trail = [];
  const now = backend.now().getTime();
  const cards = backend.state.cards.slice(0, 6);
  cards.forEach((card, i) => {
    const actorId = card.created_by_id ?? card.user_ids[0];
    const user = backend.state.users.find((u) => u.id === actorId);
    if (!user) return;
    const placement = backend.placement(user.hospital_id);
    const base = {
      user_id: user.id,
      session_id: 1000 + user.id,
      access_level: user.access_level,
      organisation_id: placement.hospital_id,
      network_id: placement.network_id,
      client_ip: '10.0.0.12',
      user_agent: 'Mozilla/5.0 (demo)',
      resource_type: 'card',
      resource_id: String(card.id),
      patient_id: card.patient_id,
      outcome: 'allowed' as const,
      status: 200,
    };
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    trail.push({
      ...base,
      id: trail.length + 1,
      at: at(90 * (i + 1)),
      action: 'card.read',
      detail: {},
    });
    if (i === 0)
      trail.push({
        ...base,
        id: trail.length + 1,
        at: at(80),
        action: 'card.email',
        detail: { recipient: user.email },
      });
  });
  trails.set(backend, trail);
  return trail;
}

function filtered(backend: MockBackend, loaded: Partial<MockLoaded>, filter: AuditFilter) {
  const { reach } = loaded;
  if (!reach) throw new Error("The 'admin' scope rule loaded no reach.");
  const { from, to } = auditWindow(filter);
  const people = new Map(backend.state.users.map((u) => [u.id, u]));
  return trailOf(backend)
    .filter(
      (e) =>
        (reach.kind === 'all' ||
          (e.organisation_id !== null &&
            withinAdminReach(reach, {
              hospital_id: e.organisation_id,
              network_id: e.network_id,
            }))) &&
        (filter.patient_id === undefined || e.patient_id === filter.patient_id) &&
        (filter.user_id === undefined || e.user_id === filter.user_id) &&
        (filter.action === undefined || e.action === filter.action) &&
        (filter.resource_type === undefined || e.resource_type === filter.resource_type) &&
        (!from || Date.parse(e.at) >= from.getTime()) &&
        (!to || Date.parse(e.at) < to.getTime()),
    )
    .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
    .map(({ network_id: _network, ...row }): AuditEventRow => {
      const actor = row.user_id === null ? undefined : people.get(row.user_id);
      return {
        ...row,
        user_name: actor ? displayName(actor) : null,
        user_email: actor?.email ?? null,
      };
    });
}

export function auditHandlers(backend: MockBackend) {
  const handle = declaredHandlers(backend);
  return [
    handle(auditEndpoints.trail, ({ loaded, query: q }) => {
      const rows = filtered(backend, loaded, q);
      const size = q['page-size'];
      return HttpResponse.json({
        results: rows.slice(q.page * size, q.page * size + size),
        page: q.page,
        pageSize: size,
        totalResults: rows.length,
      });
    }),
    handle(auditEndpoints.csv, ({ loaded, query }) => {
      const rows = filtered(backend, loaded, query);
      if (rows.length > AUDIT_CSV_MAX_ROWS)
        return apiError(413, textsWith.auditExportTooLarge(AUDIT_CSV_MAX_ROWS), {
          internalCode: 'AUDIT_EXPORT_TOO_LARGE',
        });
      const day = backend.now().toISOString().slice(0, 10);
      return new HttpResponse(auditCsv(rows), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="audit-${day}.csv"`,
          'cache-control': 'no-store',
        },
      });
    }),
  ];
}
