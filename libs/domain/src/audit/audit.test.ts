import { describe, expect, it } from 'vitest';
import { auditCsv, auditWindow } from './rules';
import { AuditQuerySchema, type AuditEventRow } from './schemas';

const row = (over: Partial<AuditEventRow> = {}): AuditEventRow => ({
  id: 1,
  at: '2026-03-01T10:00:00.000Z',
  user_id: 4,
  user_name: 'Alice Smith',
  user_email: 'alice@example.org',
  session_id: 9,
  access_level: 'USER_VERIFIED',
  organisation_id: 1,
  client_ip: '10.0.0.1',
  user_agent: 'Mozilla/5.0',
  action: 'card.email',
  resource_type: 'card',
  resource_id: '12',
  patient_id: 7,
  outcome: 'allowed',
  status: 200,
  detail: { recipient: 'gp@example.org' },
  ...over,
});

describe('the audit trail CSV', () => {
  it('has a header and one line per event, with the detail as JSON', () => {
    const lines = auditCsv([row()]).split('\r\n');
    expect(lines[0]).toBe(
      'time,user_id,user_name,user_email,access_level,organisation_id,session_id,client_ip,user_agent,action,resource_type,resource_id,patient_id,outcome,status,detail',
    );
    expect(lines[1]).toContain('card.email');
    expect(lines[1]).toContain('"{""recipient"":""gp@example.org""}"');
  });

  it('escapes every cell that a spreadsheet would run as a formula', () => {
    const csv = auditCsv([
      row({ user_agent: '=HYPERLINK("http://evil")', user_name: '+1', detail: { a: '@x' } }),
      row({ resource_id: '-2', client_ip: '@ip' }),
    ]);
    expect(csv).not.toMatch(/(^|,)"?[=+\-@]/m);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`'+1`);
    expect(csv).toContain(`'-2`);
  });
});

describe('the audit filters', () => {
  it('a day means its start for from and the whole day for to', () => {
    const w = auditWindow({ from: '2026-03-01', to: '2026-03-02' });
    expect(w.from?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(w.to?.toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(auditWindow({ to: '2026-03-02T10:00:00Z' }).to?.toISOString()).toBe(
      '2026-03-02T10:00:00.000Z',
    );
  });

  it('refuses a malformed filter, naming it', () => {
    const r = AuditQuerySchema.safeParse({ action: 'x; drop', from: 'yesterday' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(['action', 'from']);
  });
});
