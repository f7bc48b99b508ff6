import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazySchema';

/**
 * Counts the zod objects built from now on. zod calls `postProcessor` (its global config, marked
 * internal) once per object it constructs; each test below also proves the count moves.
 */
function countBuilds(): { readonly built: number } {
  const counter = { built: 0 };
  z.config({
    postProcessor: () => {
      counter.built += 1;
    },
  });
  return counter;
}

describe('lazySchema', () => {
  it('builds the schema once, on first use, and then behaves as it', () => {
    const build = vi.fn(() => z.object({ id: z.number(), name: z.string().min(1) }));
    const Person = lazySchema(build);
    expect(build).not.toHaveBeenCalled();

    expect(Person.parse({ id: 1, name: 'Ada' })).toEqual({ id: 1, name: 'Ada' });
    expect(Person.safeParse({ id: 1, name: '' }).success).toBe(false);
    expect(Object.keys(Person.shape)).toEqual(['id', 'name']);
    expect(Person.extend({ ward: z.string() }).parse({ id: 2, name: 'Bo', ward: 'A' })).toEqual({
      id: 2,
      name: 'Bo',
      ward: 'A',
    });
    expect(Person instanceof z.ZodObject).toBe(true);
    expect(Object.getPrototypeOf(Person)).toBe(Object.getPrototypeOf(build.mock.results[0]?.value));
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('works inside other schemas, built when the outer one is used', () => {
    const counter = countBuilds();
    const Member = lazySchema(() => z.object({ id: z.number() }));
    const Team = lazySchema(() => z.object({ members: z.array(Member) }));
    const Page = lazySchema(() => Team.pick({ members: true }).optional());
    expect(counter.built).toBe(0);

    expect(Page.parse({ members: [{ id: 1 }] })).toEqual({ members: [{ id: 1 }] });
    expect(Page.safeParse({ members: [{ id: 'x' }] }).error?.issues[0]?.path).toEqual([
      'members',
      0,
      'id',
    ]);
    expect(counter.built).toBeGreaterThan(0);
  });

  it('keeps metadata given while building (the API document, multipart bodies)', () => {
    const Deleted = lazySchema(() => z.null().describe('Deleted'));
    expect(z.toJSONSchema(z.object({ gone: Deleted })).properties?.gone).toMatchObject({
      type: 'null',
      description: 'Deleted',
    });
    expect(z.globalRegistry.get(Deleted)?.description).toBe('Deleted');
  });

  it('becomes the schema itself: one object for every zod walk', () => {
    const Count = lazySchema(() => z.string().transform((text) => text.length));
    // A transform's JSON Schema looks itself up by identity (a stand-in forwarding to another
    // object failed here).
    expect(z.toJSONSchema(z.object({ count: Count }), { io: 'input' }).properties?.count).toEqual({
      type: 'string',
    });
    expect(Count.parse('four')).toBe(4);
    expect(Object.getPrototypeOf(Count)).toBe(Object.getPrototypeOf(z.string().transform(String)));
  });

  it('is built by whichever use comes first: `in`, a write, instanceof', () => {
    const Flag = lazySchema(() => z.boolean());
    expect('_zod' in Flag).toBe(true);
    const Name = lazySchema(() => z.string());
    (Name as unknown as { note: string }).note = 'set first';
    expect(Name.parse('x')).toBe('x');
    expect((Name as unknown as { note: string }).note).toBe('set first');
    expect(lazySchema(() => z.number()) instanceof z.ZodNumber).toBe(true);
  });

  it('reports a builder that fails each time it is used, and one that uses its own schema', () => {
    let fail = true;
    const Flaky = lazySchema(() => {
      if (fail) throw new Error('not yet');
      return z.string();
    });
    expect(() => Flaky.parse('a')).toThrow('not yet');
    fail = false;
    expect(Flaky.parse('a')).toBe('a');
    const Loop: z.ZodString = lazySchema(() => Loop.min(1));
    expect(() => Loop.parse('a')).toThrow('used while it was being built');
  });
});

describe('the domain', () => {
  it('builds no schema when it is imported (issue 37: built on first use)', async () => {
    const counter = countBuilds();
    vi.resetModules();
    const domain = await import('../index');
    // A schema at a module's top level without lazySchema, or top-level code that reads one,
    // builds it here: wrap it (lazySchema.ts says how).
    expect(counter.built).toBe(0);

    expect(domain.TeamSchema.safeParse({}).success).toBe(false);
    expect(counter.built).toBeGreaterThan(0);
  });

  it('builds every schema it declares, exported or inside an endpoint', async () => {
    // A mistake in a schema now shows when it is first used, not when the module loads: build
    // each one here, to its leaves (the JSON Schema walk reads every part).
    const domain = await import('../index');
    const schemas = [
      ...Object.values(domain as Record<string, unknown>),
      ...domain
        .allEndpoints()
        .flatMap((e) => [e.params, e.query, e.body, ...Object.values(e.responses)]),
    ].filter((value): value is z.ZodType => value instanceof z.ZodType);
    expect(schemas.length).toBeGreaterThan(300);
    for (const schema of schemas) {
      expect(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' })).toBeTypeOf('object');
    }
  });
});
