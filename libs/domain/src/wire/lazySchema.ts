import { z } from 'zod';

/*
 * Issue 37: the domain's schemas are built the first time something uses them, not when the
 * module loads. Building all of them (~1,900 zod objects) was the largest piece of the app's start
 * in the browser: 160 ms of main-thread time at 4× CPU on every visit, before a conversation
 * could open, mostly for schemas of screens the person never opens (bench/RESULTS.md, session 35).
 *
 * How: every schema written at a module's top level in libs/domain is wrapped, `export const
 * TeamSchema = lazySchema(() => z.object({ … }))`. A schema built inside a function (a helper
 * that makes one per call) needs no wrapper, but a top-level call of that helper does. The
 * domain's tests fail when importing the domain builds any schema (one left unwrapped, or
 * top-level code that reads one), and they build every declared schema once.
 */

/**
 * A schema built on first use: `build` runs once, the first time the value is used (a property
 * read or write, `in`, `instanceof`, a parse), and the value is from then on that schema.
 *
 * The value starts as an empty object whose prototype traps those uses. The first one builds the
 * schema and turns the value into it: the same zod class, initialised by zod's own constructor
 * with the built schema's definition (what zod's `clone()` does). So it is one object, with no
 * forwarding left, and the identity every zod walk relies on (the API document's JSON Schema, the
 * registry of descriptions) is the value's own.
 */
export function lazySchema<T extends z.core.$ZodType>(build: () => T): T {
  const stand = Object.create(null) as T;
  let building = false;
  const touch = (): T => {
    if (building) throw new Error('lazySchema: the schema was used while it was being built');
    building = true;
    let built: T;
    try {
      built = build();
    } finally {
      building = false;
    }
    Object.setPrototypeOf(stand, Object.getPrototypeOf(built) as object | null);
    (built._zod.constr as unknown as (this: T, def: unknown) => void).call(stand, built._zod.def);
    // Metadata given inside `build` (`.describe()`, `.meta()`) is registered for `built`.
    const meta = z.globalRegistry.get(built as unknown as z.ZodType);
    if (meta !== undefined) z.globalRegistry.add(stand as unknown as z.ZodType, meta);
    return stand;
  };
  Object.setPrototypeOf(
    stand,
    new Proxy(Object.create(null) as object, {
      get: (_, key) => Reflect.get(touch(), key),
      set: (_, key, value) => Reflect.set(touch(), key, value),
      has: (_, key) => Reflect.has(touch(), key),
    }),
  );
  return stand;
}
