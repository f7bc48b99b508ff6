import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiErrorSchema, validationError, zodIssuesToDetails } from './errors';
import { IdSchema, NameSchema, pagedResultsOf, resultsOf, TimestampSchema } from './common';
import { RuntimeConfigSchema } from '../config/schemas';

describe('API error shape', () => {
  it('API error carries message, statusCode, details and internalCode', () => {
    const e = ApiErrorSchema.parse({
      message: 'Conflict',
      statusCode: 409,
      internalCode: 'FEATURE_NOT_ENABLED',
    });
    expect(e.internalCode).toBe('FEATURE_NOT_ENABLED');
    expect(
      ApiErrorSchema.safeParse({ message: 'x', statusCode: 200 }).error?.issues[0]?.path,
    ).toEqual(['statusCode']);
  });

  it('a validation error names every failing field', () => {
    const schema = z.object({ email: z.email(), team: z.object({ name: NameSchema }) });
    const r = schema.safeParse({ email: 'x', team: { name: '' } });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(zodIssuesToDetails(r.error).map((d) => d.path)).toEqual(['email', 'team.name']);
    const body = validationError(r.error);
    expect(body.statusCode).toBe(400);
    expect(body.message).toBe('Invalid request: email, team.name');
    expect(ApiErrorSchema.parse(body)).toEqual(body);
    const root = z.string().safeParse(1);
    expect(root.error && validationError(root.error, 422).message).toBe('Invalid request: (body)');
  });
});

describe('common wire pieces', () => {
  it('ids, timestamps and list envelopes', () => {
    expect(IdSchema.safeParse(-1).success).toBe(false);
    expect(TimestampSchema.safeParse('2026-01-01T10:00:00+01:00').success).toBe(true);
    expect(TimestampSchema.safeParse('yesterday').success).toBe(false);
    expect(resultsOf(IdSchema).parse({ results: [1] }).results).toEqual([1]);
    expect(pagedResultsOf(IdSchema).safeParse({ results: [] }).error?.issues[0]?.path).toEqual([
      'total_count',
    ]);
  });
});

describe('GET /api/config', () => {
  it('parses the runtime configuration with defaults', () => {
    const c = RuntimeConfigSchema.parse({ chat_websocket_url: '/xmpp', chat_domain: 'localhost' });
    expect(c).toEqual({
      api_base: '/api/v4',
      analytics_base: '/api/v1',
      chat_websocket_url: '/xmpp',
      chat_domain: 'localhost',
      product_name: 'Pando',
      demo: false,
      redirect_disabled: false,
      analytics_scope: null,
      analytics_demo: null,
      support_url: 'https://pando.health/support',
      knowledge_base_url: 'https://pando.health/knowledge-base',
    });
    expect(
      RuntimeConfigSchema.safeParse({ chat_websocket_url: '/xmpp', chat_domain: 'a b' }).error
        ?.issues[0]?.path,
    ).toEqual(['chat_domain']);
  });
});
