/**
 * Zod-free wire parsers for the few answers the login route reads (`GET /api/config`,
 * `POST /auth`, `POST /auth/validate`). The login route must stay under its JavaScript budget
 * (TARGETS.md, issue 10) and zod costs ~24 KB gzip there; everything behind the login parses with
 * the zod schemas as before.
 *
 * Each parser here mirrors one zod schema of the domain exactly (same accepted inputs, same output,
 * same issue paths); `plainParsers.test.ts` proves it on a corpus of hostile inputs built from the
 * zod schema's own shape, so a field added to the schema and not here fails the tests.
 */

/** One validation problem: where (`path`, as zod gives it) and what. */
export interface WireIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export type WireParseResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly error: { readonly issues: readonly WireIssue[] } };

/**
 * What a client needs from a wire schema: `safeParse`. Zod schemas fit it as they are, and so do the
 * plain parsers below.
 */
export interface WireParser<T> {
  safeParse(input: unknown): WireParseResult<T>;
}

/** Reads one value at `path`; records issues instead of throwing. */
export type PlainField<T> = (
  value: unknown,
  path: readonly PropertyKey[],
  issues: WireIssue[],
) => T;

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

function expected(kind: string, value: unknown): string {
  return `Invalid input: expected ${kind}, received ${typeName(value)}`;
}

export interface PlainStringRules {
  /** Minimum length (zod `.min(n)`). */
  min?: number;
  /** zod `.regex(pattern, message)`. */
  pattern?: RegExp;
  message?: string;
}

/** zod `z.string()` with `.min()` / `.regex()`. */
export function plainString(rules: PlainStringRules = {}): PlainField<string> {
  return (value, path, issues) => {
    if (typeof value !== 'string') {
      issues.push({ path, message: expected('string', value) });
      return '';
    }
    if (rules.min !== undefined && value.length < rules.min) {
      issues.push({
        path,
        message: `Too small: expected string to have >=${rules.min} characters`,
      });
    }
    if (rules.pattern && !rules.pattern.test(value)) {
      issues.push({ path, message: rules.message ?? 'Invalid string: must match pattern' });
    }
    return value;
  };
}

/** zod `z.number()` (finite), with `.int()` (a safe integer) and `.positive()`. */
export function plainNumber(rules: { int?: boolean; positive?: boolean } = {}): PlainField<number> {
  return (value, path, issues) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      issues.push({ path, message: expected('number', value) });
      return 0;
    }
    if (rules.int && !Number.isSafeInteger(value)) {
      issues.push({ path, message: 'Invalid input: expected int, received number' });
    }
    if (rules.positive && !(value > 0)) {
      issues.push({ path, message: 'Too small: expected number to be >0' });
    }
    return value;
  };
}

/** zod `z.boolean()`. */
export function plainBoolean(): PlainField<boolean> {
  return (value, path, issues) => {
    if (typeof value !== 'boolean') {
      issues.push({ path, message: expected('boolean', value) });
      return false;
    }
    return value;
  };
}

/** zod `z.enum(values)`. */
export function plainEnum<const V extends string>(values: readonly V[]): PlainField<V> {
  return (value, path, issues) => {
    if (!(values as readonly unknown[]).includes(value)) {
      issues.push({
        path,
        message: `Invalid option: expected one of ${values.map((v) => `"${v}"`).join('|')}`,
      });
    }
    return value as V;
  };
}

/** zod `.optional()`: `undefined` passes; an absent key stays absent in the output. */
export function plainOptional<T>(field: PlainField<T>): PlainField<T | undefined> {
  return (value, path, issues) => (value === undefined ? undefined : field(value, path, issues));
}

/** zod `.nullable()`. */
export function plainNullable<T>(field: PlainField<T>): PlainField<T | null> {
  return (value, path, issues) => (value === null ? null : field(value, path, issues));
}

/** zod `.default(value)`: `undefined` (or an absent key) gives the default, unchecked. */
export function plainDefault<T>(field: PlainField<T>, fallback: T): PlainField<T> {
  return (value, path, issues) => (value === undefined ? fallback : field(value, path, issues));
}

/** zod `z.array(item)`: every element is read; an element's problem has its index in the path. */
export function plainArray<T>(item: PlainField<T>): PlainField<T[]> {
  return (value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push({ path, message: expected('array', value) });
      return [];
    }
    return value.map((element, index) => item(element, [...path, index], issues));
  };
}

type ShapeOutput<S extends Record<string, PlainField<unknown>>> = {
  [K in keyof S]: S[K] extends PlainField<infer T> ? T : never;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * zod `z.object(shape)`: a plain object (not an array, not null); every field is read in shape
 * order and every problem is reported; unknown keys are dropped.
 */
export function plainObject<S extends Record<string, PlainField<unknown>>>(
  shape: S,
): PlainField<ShapeOutput<S>> {
  return (value, path, issues) => {
    if (!isRecord(value)) {
      issues.push({ path, message: expected('object', value) });
      return {} as ShapeOutput<S>;
    }
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const read = field(value[key], [...path, key], issues);
      // As zod: an undefined result is only written back when the input had the key.
      if (read !== undefined || key in value) out[key] = read;
    }
    return out as ShapeOutput<S>;
  };
}

/** Turns a field into a `WireParser` (the root value has the path `[]`). */
export function plainParser<T>(field: PlainField<T>): WireParser<T> {
  return {
    safeParse(input) {
      const issues: WireIssue[] = [];
      const data = field(input, [], issues);
      return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data };
    },
  };
}
