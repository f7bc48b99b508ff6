import { AUDIT_CSV_MAX_ROWS, type AuditPage } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { trailOf } from './audit';
import { servedMockBackend } from './servedBackend';

describe('GET /admin/audit on the mock backend (the demo’s audit log)', () => {
  const { backend, signIn } = servedMockBackend();

  it('answers the server’s page shape within the reach, filtered, and refuses non-admins', async () => {
    const orgAdmin = signIn('org.admin@example.org');
    const all = (await (
      await fetch('http://pando.test/api/v4/admin/audit', { headers: orgAdmin })
    ).json()) as AuditPage;
    expect(all.totalResults).toBeGreaterThan(0);
    expect(all).toMatchObject({ page: 0, pageSize: 50 });
    const email = all.results.find((e) => e.action === 'card.email');
    expect(email?.detail).toHaveProperty('recipient');
    const byPatient = (await (
      await fetch(`http://pando.test/api/v4/admin/audit?patient_id=${String(email?.patient_id)}`, {
        headers: orgAdmin,
      })
    ).json()) as AuditPage;
    expect(byPatient.results.every((e) => e.patient_id === email?.patient_id)).toBe(true);
    const bad = await fetch('http://pando.test/api/v4/admin/audit?from=yesterday', {
      headers: orgAdmin,
    });
    expect(bad.status).toBe(400);
    const alice = signIn('alice@example.org');
    expect((await fetch('http://pando.test/api/v4/admin/audit', { headers: alice })).status).toBe(
      403,
    );
  });

  it('exports the filtered view as formula-escaped CSV', async () => {
    const res = await fetch('http://pando.test/api/v4/admin/audit/export?action=card.email', {
      headers: signIn('org.admin@example.org'),
    });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toMatch(/^time,user_id/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes('card.email'))).toBe(true);
  });

  it('names a person without a name by their email, in the list and the CSV, as the server', async () => {
    const orgAdmin = signIn('org.admin@example.org');
    const model = trailOf(backend).find((e) => e.action === 'card.email');
    const actor = backend.state.users.find((u) => u.id === model?.user_id);
    if (!actor) throw new Error('the mock trail has no card.email event');
    const { first_name, last_name } = actor;
    Object.assign(actor, { first_name: '', last_name: '' });
    try {
      const page = (await (
        await fetch('http://pando.test/api/v4/admin/audit?action=card.email', { headers: orgAdmin })
      ).json()) as AuditPage;
      expect(page.results.map((e) => e.user_name)).toEqual([actor.email]);
      const csv = await (
        await fetch('http://pando.test/api/v4/admin/audit/export?action=card.email', {
          headers: orgAdmin,
        })
      ).text();
      const [, row] = csv.trim().split('\r\n');
      expect(row?.split(',').slice(1, 4)).toEqual([String(actor.id), actor.email, actor.email]);
    } finally {
      Object.assign(actor, { first_name, last_name });
    }
  });

  it(`refuses an export of more than ${String(AUDIT_CSV_MAX_ROWS)} events with 413 and what to do, as the server`, async () => {
    const orgAdmin = signIn('org.admin@example.org');
    const trail = trailOf(backend);
    const model = trail[0];
    if (!model) throw new Error('the mock trail has no seeded event');
    const at = backend.now().toISOString();
    const appendBulk = (count: number) => {
      for (let i = 0; i < count; i++)
        trail.push({ ...model, id: trail.length + 1, at, action: 'bulk.read', detail: {} });
    };
    const exportBulk = () =>
      fetch('http://pando.test/api/v4/admin/audit/export?action=bulk.read', { headers: orgAdmin });
    appendBulk(AUDIT_CSV_MAX_ROWS);
    const whole = await exportBulk();
    expect(whole.status).toBe(200);
    expect((await whole.text()).trim().split('\r\n')).toHaveLength(AUDIT_CSV_MAX_ROWS + 1);
    appendBulk(1);
    const refused = await exportBulk();
    expect(refused.status).toBe(413);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.headers.get('content-disposition')).toBeNull();
    const body = (await refused.json()) as { message: string; internalCode?: string };
    expect(body.message).toMatch(/more than 50,000 events/);
    expect(body.message).toMatch(/narrow the dates/i);
    expect(body.internalCode).toBe('AUDIT_EXPORT_TOO_LARGE');
  });
});
