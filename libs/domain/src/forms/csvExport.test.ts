import { describe, expect, it } from 'vitest';
import { auditCsv } from '../audit/rules';
import type { AuditEventRow } from '../audit/schemas';
import { exportCsv } from './rules';
import { CsvExportOptionSchema, FormTemplateSchema } from './schemas';

/**
 * Issue 36 (low): a CSV export's delimiter is a comma, semicolon, tab or pipe (anything else is
 * refused naming the field), and every exported cell is formula-escaped — a cell of several
 * lines that started with `=` passed Papa's own pattern.
 */
const template = (value: string, label = 'Note') =>
  FormTemplateSchema.parse({
    id: 1,
    title: 'Handover',
    version: '1.0',
    created_by_id: 1,
    controls: [{ id: 'note', type: 'textarea', label, value }],
    export_options: [{ title: 'Export to CSV', type: 'csv' }],
  });

describe('CSV export options and cells', () => {
  it('the delimiter is one of comma, semicolon, tab or pipe; anything else names the field', () => {
    for (const delimiter of [',', ';', '\t', '|'])
      expect(CsvExportOptionSchema.parse({ title: 'x', type: 'csv', delimiter }).delimiter).toBe(
        delimiter,
      );
    for (const delimiter of ['"', 'a', '\n', '::', '=', ''] as const) {
      const r = CsvExportOptionSchema.safeParse({ title: 'x', type: 'csv', delimiter });
      expect(r.success, JSON.stringify(delimiter)).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['delimiter']);
      expect(r.error?.issues[0]?.message).toBe(
        'The delimiter must be a comma, semicolon, tab or pipe.',
      );
    }
  });

  it('a template saved with a bad delimiter is refused at export_options.N.delimiter', () => {
    // The body of POST /structured/templates and of a submission.
    const r = FormTemplateSchema.safeParse({
      title: 'Handover',
      controls: [{ id: 'note', type: 'textarea', label: 'Note' }],
      export_options: [{ title: 'To registry', type: 'csv', delimiter: '"' }],
    });
    expect(r.error?.issues[0]?.path).toEqual(['export_options', 0, 'delimiter']);
  });

  it('every cell that a spreadsheet would run is escaped, header and several-line cells too', () => {
    for (const delimiter of [',', ';', '\t', '|'] as const) {
      const option = CsvExportOptionSchema.parse({ title: 'x', type: 'csv', delimiter });
      const csv = exportCsv(template('=HYPERLINK("http://evil")\nsee above', '@Label'), option);
      const [header, ...rest] = csv.split('\r\n');
      expect(header).toBe(`"'@Label"`);
      expect(rest.join('\r\n')).toBe(`"'=HYPERLINK(""http://evil"")\nsee above"`);
    }
    for (const start of ['+', '-', '@', '\t', '\r'])
      expect(
        exportCsv(
          template(`${start}1\n2`),
          CsvExportOptionSchema.parse({ title: 'x', type: 'csv' }),
        ),
      ).toContain(`"'${start}1\n2"`);
  });

  it("the audit trail's CSV follows the same rule", () => {
    const row = {
      at: '2026-11-28T08:00:00.000Z',
      user_agent: '=cmd|" /C calc"!A0\nMozilla',
      action: 'card.read',
      resource_type: 'card',
      outcome: 'allowed',
      status: 200,
      detail: {},
    } as unknown as AuditEventRow;
    expect(auditCsv([row])).toContain(`"'=cmd|"" /C calc""!A0\nMozilla"`);
  });
});
