import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AuthRequestResponseParser, AuthValidateResponseParser } from '../auth/loginParsers';
import { AuthRequestResponseSchema, AuthValidateResponseSchema } from '../auth/schemas';
import { RuntimeConfigParser } from '../config/runtimeConfigParser';
import { RuntimeConfigSchema } from '../config/schemas';
import {
  plainNumber,
  plainObject,
  plainParser,
  plainString,
  type WireParser,
} from './plainParsers';

/** Values every field is tried with: wrong types, edges of each rule, and good values. */
const POOL: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  1,
  -1,
  1.5,
  -2.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  2 ** 53,
  2 ** 53 - 1,
  '',
  ' ',
  'x',
  'a b',
  'localhost',
  'chat.example.org',
  'host_name',
  '/api/v4',
  'wss://pando.example/xmpp',
  'organisation',
  'network',
  '3600',
  [],
  ['x'],
  {},
  { kind: 'network', id: 'n-1' },
  { kind: 'organisation', id: '' },
  { kind: 'ward', id: '1' },
  { kind: 'network' },
  { id: '7', kind: 'organisation', extra: true },
  { organisation_id: 'h-1', email_domains: [], accounts: ['a@b.c'] },
  { organisation_id: 'h-1', email_domains: [''], accounts: [] },
  { organisation_id: '', email_domains: 'x', accounts: [1] },
  ['x', ''],
  new Date(0),
];

interface Pair {
  name: string;
  schema: z.ZodObject;
  parser: WireParser<unknown>;
  /** A valid value for every field of the schema (the test fails when a field has none). */
  samples: Record<string, unknown>;
}

const PAIRS: Pair[] = [
  {
    name: 'RuntimeConfig',
    schema: RuntimeConfigSchema,
    parser: RuntimeConfigParser,
    samples: {
      api_base: '/api/v4',
      analytics_base: '/api/v1',
      chat_websocket_url: '/xmpp',
      chat_domain: 'localhost',
      product_name: 'Pando',
      demo: true,
      redirect_disabled: false,
      analytics_scope: { kind: 'network', id: 'n-1' },
      analytics_demo: {
        organisation_id: 'h-1',
        email_domains: ['pando.internal'],
        accounts: ['sales@example.org'],
      },
      support_url: 'https://help.example.org',
      knowledge_base_url: 'https://kb.example.org',
    },
  },
  {
    name: 'AuthValidateResponse',
    schema: AuthValidateResponseSchema,
    parser: AuthValidateResponseParser,
    samples: { access_token: 'jwt', expires_in: 3600 },
  },
  {
    name: 'AuthRequestResponse',
    schema: AuthRequestResponseSchema,
    parser: AuthRequestResponseParser,
    samples: { message: 'Email sent to alice@example.org' },
  },
];

/** The inputs for one pair: non-objects, the full sample, every field removed or set to every pool value, pairs of broken fields, unknown keys. */
function corpus(samples: Record<string, unknown>): unknown[] {
  const keys = Object.keys(samples);
  const inputs: unknown[] = [...POOL, samples, { ...samples, unknown_key: 1 }];
  for (const key of keys) {
    const { [key]: _removed, ...without } = samples;
    inputs.push(without);
    for (const value of POOL) inputs.push({ ...samples, [key]: value });
  }
  for (const a of keys) {
    for (const b of keys) {
      if (a < b) inputs.push({ ...samples, [a]: 1.5, [b]: null }, { [a]: '', [b]: [] });
    }
  }
  return inputs;
}

function describeInput(input: unknown): string {
  return JSON.stringify(input, (_k, v: unknown) =>
    v === undefined ? '<undefined>' : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
  );
}

/**
 * The fields that failed, in order. Zod may report one field twice (it also runs `.min(1)` on a
 * non-string that has a `length`, e.g. an array); which fields failed is what clients act on.
 */
function failingFields(issues: readonly { path: readonly PropertyKey[] }[]): string[] {
  return [...new Set(issues.map((i) => i.path.map(String).join('.')))];
}

describe('plain parsers accept exactly what their zod schema accepts', () => {
  for (const { name, schema, parser, samples } of PAIRS) {
    it(`${name}: every field of the zod schema has a sample`, () => {
      expect(Object.keys(samples).sort()).toEqual(Object.keys(schema.shape).sort());
      expect(schema.safeParse(samples).success).toBe(true);
    });

    it(`${name}: same verdict, same output, same failing fields on ${corpus(samples).length} inputs`, () => {
      for (const input of corpus(samples)) {
        const expected = schema.safeParse(input);
        const actual = parser.safeParse(input);
        const label = `${name} ${describeInput(input)}`;
        expect(actual.success, label).toBe(expected.success);
        if (expected.success && actual.success) {
          expect(actual.data, label).toStrictEqual(expected.data);
        } else if (!expected.success && !actual.success) {
          expect(failingFields(actual.error.issues), label).toEqual(
            failingFields(expected.error.issues),
          );
        }
      }
    });
  }

  it('keeps the schema’s own messages (a bad chat domain is "must be a host name")', () => {
    const input = { chat_websocket_url: '/xmpp', chat_domain: 'a b' };
    const zodIssue = RuntimeConfigSchema.safeParse(input).error?.issues[0];
    const result = RuntimeConfigParser.safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues).toEqual([
      { path: ['chat_domain'], message: 'must be a host name' },
    ]);
    expect(zodIssue?.message).toBe('must be a host name');
  });

  it('fills the defaults as the zod schema does', () => {
    expect(RuntimeConfigParser.safeParse({ chat_websocket_url: '/x', chat_domain: 'h' })).toEqual({
      success: true,
      data: {
        api_base: '/api/v4',
        analytics_base: '/api/v1',
        chat_websocket_url: '/x',
        chat_domain: 'h',
        product_name: 'Pando',
        demo: false,
        redirect_disabled: false,
        analytics_scope: null,
        analytics_demo: null,
        support_url: 'https://pando.health/support',
        knowledge_base_url: 'https://pando.health/knowledge-base',
      },
    });
  });
});

describe('plain parser messages', () => {
  const parser = plainParser(
    plainObject({ name: plainString({ min: 2, pattern: /^[a-z]+$/ }), n: plainNumber() }),
  );

  it('name the expected and the received type', () => {
    const result = parser.safeParse({ name: 'A', n: Number.NaN });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues).toEqual([
      { path: ['name'], message: 'Too small: expected string to have >=2 characters' },
      { path: ['name'], message: 'Invalid string: must match pattern' },
      { path: ['n'], message: 'Invalid input: expected number, received NaN' },
    ]);
    expect(parser.safeParse([])).toEqual({
      success: false,
      error: { issues: [{ path: [], message: 'Invalid input: expected object, received array' }] },
    });
    expect(parser.safeParse(null)).toMatchObject({
      error: { issues: [{ message: 'Invalid input: expected object, received null' }] },
    });
  });
});
