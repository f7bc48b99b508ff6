import { describe, expect, it } from 'vitest';
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
