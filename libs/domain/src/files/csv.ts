import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run as a formula: it starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return (OWASP "CSV injection"). Papa's own `escapeFormulae: true` pattern ends in
 * `.*$` without the `s` flag, so a cell of several lines (a text area, a user agent) that started
 * with `=` slipped through; this one looks at the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Every CSV the product writes (the audit trail's export, a smart form's CSV export): RFC 4180
 * quoting with the given delimiter, CRLF, a header row, and every cell, the header's included,
 * formula-escaped with a leading `'`.
 */
export function csvText(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  delimiter = ',',
): string {
  return Papa.unparse(
    { fields: [...header], data: rows.map((r) => [...r]) },
    { delimiter, newline: '\r\n', escapeFormulae: FORMULA_START },
  );
}
