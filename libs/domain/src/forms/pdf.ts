import { DEFAULT_CONTROL_DELIMITER } from './constants';
import { valueText } from './rules';
import type { FormTemplate } from './schemas';

const LINE_CHARS = 90;
const LINES_PER_PAGE = 56;

/** PDF text-string escaping; characters outside Latin-1 become '?' (Helvetica's WinAnsi). */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

function wrap(line: string): string[] {
  if (line.length <= LINE_CHARS) return [line];
  const out: string[] = [];
  for (let i = 0; i < line.length; i += LINE_CHARS) out.push(line.slice(i, i + LINE_CHARS));
  return out;
}

/**
 * The filled form as a small PDF (title, version, then "Label: value" per control), what the
 * email export mails: the structured-file upload it travels through accepts documents and
 * images only (decision, issue 22). Pure: bytes in, no DOM.
 */
export function exportPdf(template: FormTemplate): Uint8Array<ArrayBuffer> {
  const lines = [
    `${template.title} (v${template.version})`,
    '',
    ...template.controls.flatMap((c) =>
      c.type === 'divider'
        ? ['', c.label]
        : wrap(
            `${c.label || c.id}: ${valueText(c.value, c.delimiter || DEFAULT_CONTROL_DELIMITER)}`,
          ),
    ),
  ];
  const pages: string[][] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_PAGE)
    pages.push(lines.slice(i, i + LINES_PER_PAGE));
  // Objects: 1 catalog, 2 pages, 3 font, then per page: page object and content stream.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${String(id)} 0 R`).join(' ')}] /Count ${String(pages.length)} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  pages.forEach((page, i) => {
    const stream = [
      'BT',
      '/F1 10 Tf',
      '14 TL',
      '50 800 Td',
      ...page.map((line) => `(${pdfText(line)}) '`),
      'ET',
    ].join('\n');
    const pageId = pageIds[i] ?? 0;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${String(pageId + 1)} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${String(stream.length)} >>\nstream\n${stream}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length;
    body += `${String(id)} 0 obj\n${objects[id] ?? ''}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${String(objects.length)}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++)
    body += `${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${String(objects.length)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  // Every character is Latin-1 by construction, one byte each (offsets above count them so).
  return Uint8Array.from(body, (ch) => ch.charCodeAt(0));
}
