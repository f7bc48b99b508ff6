import { describe, expect, it } from 'vitest';
import { exportPdf } from './pdf';
import { controlInlineMessage, scannerBox } from './rules';
import { SAMPLE_TEMPLATES } from './samples';
import { FormTemplateSchema } from './schemas';

describe('built-in sample templates (spec 02 §7 fallback)', () => {
  it('are valid templates the filler can show without an inline problem message', () => {
    for (const template of SAMPLE_TEMPLATES) {
      expect(FormTemplateSchema.safeParse(template).success).toBe(true);
      expect(template.id).toBeUndefined();
      expect(template.controls.map(controlInlineMessage).filter(Boolean)).toEqual([]);
    }
  });
});

describe('scanner box (spec 02 §9)', () => {
  it('is a square of 80 % of the smaller side', () => {
    expect(scannerBox(640, 480)).toEqual({ width: 384, height: 384 });
    expect(scannerBox(300, 900)).toEqual({ width: 240, height: 240 });
  });
});

describe('the email export document', () => {
  it('is a PDF naming the form and each control with its value, offsets that readers can follow', () => {
    const template = {
      ...SAMPLE_TEMPLATES[0]!,
      controls: SAMPLE_TEMPLATES[0]!.controls.map((c) =>
        c.id === 'first_name' ? { ...c, value: 'John (Jack)' } : c,
      ),
    };
    const text = String.fromCharCode(...exportPdf(template));
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain("(First name: John \\(Jack\\)) '");
    expect(text).toContain('Patient handover \\(sample\\) \\(v1.0\\)');
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const firstOffset = Number(/0000000000 65535 f \n(\d{10})/.exec(text)?.[1]);
    expect(text.slice(firstOffset, firstOffset + 7)).toBe('1 0 obj');
  });
});
