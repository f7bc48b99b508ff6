import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index';
import { PatientUpdateSchema } from '../patients/schemas';
import { updateOf } from './updates';

/** Every update body schema the domain exports (PUT/PATCH bodies are named …Update/…Patch). */
const UPDATE_SCHEMAS = Object.entries(domain).filter(
  (entry): entry is [string, z.ZodObject] =>
    /(Update|Patch)Schema$/.test(entry[0]) && entry[1] instanceof z.ZodObject,
);

/** The object schemas inside an update body: the body itself and any object field (`{ patient }`). */
function objectsOf(schema: z.ZodObject, path: string[] = []): [string[], z.ZodObject][] {
  const out: [string[], z.ZodObject][] = [[path, schema]];
  for (const [key, field] of Object.entries(schema.shape)) {
    if (field instanceof z.ZodObject) out.push(...objectsOf(field, [...path, key]));
  }
  return out;
}

const nest = (path: string[], value: object): object =>
  path.reduceRight<object>((inner, key) => ({ [key]: inner }), value);

describe('update bodies fill in nothing that was not sent (issue 35)', () => {
  it('finds the update schemas', () => {
    expect(UPDATE_SCHEMAS.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'PatientUpdateSchema',
        'TeamUpdateSchema',
        'AdminTeamPatchSchema',
        'NetworkPatchSchema',
      ]),
    );
  });

  for (const [name, schema] of UPDATE_SCHEMAS) {
    it(`${name}: a body without a field leaves it out`, () => {
      for (const [path, object] of objectsOf(schema)) {
        const parsed = object.safeParse({});
        // A body that must name something (the admin user patch) may refuse {}: it adds nothing.
        if (parsed.success) expect(parsed.data, `${name} ${path.join('.')}`).toEqual({});
        if (path.length) {
          const whole = schema.safeParse(nest(path, {}));
          if (whole.success) expect(whole.data).toEqual(nest(path, {}));
        }
      }
    });
  }

  it('saving only the notes keeps the gender (the female patient stayed female)', () => {
    expect(PatientUpdateSchema.parse({ patient: { overview: 'Allergic to penicillin' } })).toEqual({
      patient: { overview: 'Allergic to penicillin' },
    });
  });

  it('updateOf drops defaults and keeps the checks of each field', () => {
    const Record = z.object({ kind: z.enum(['A', 'B']).default('A'), size: z.number().max(3) });
    const Update = updateOf(Record);
    expect(Update.parse({})).toEqual({});
    expect(Update.parse({ size: 2 })).toEqual({ size: 2 });
    expect(Update.safeParse({ size: 4 }).success).toBe(false);
    expect(Update.safeParse({ kind: 'C' }).success).toBe(false);
  });
});
