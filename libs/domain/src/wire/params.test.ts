import { describe, expect, it } from 'vitest';
import {
  AdviceHistoryQuerySchema,
  IdParamSchema,
  MembersQuerySchema,
  MimIdParamSchema,
  parseEmbed,
  TeamAdviceParamSchema,
} from './params';

describe('path and query schemas', () => {
  it('path ids are coerced and bounded to a PostgreSQL integer', () => {
    expect(IdParamSchema.parse({ id: '42' })).toEqual({ id: 42 });
    expect(IdParamSchema.safeParse({ id: '2147483648' }).error?.issues[0]?.path).toEqual(['id']);
    expect(IdParamSchema.safeParse({ id: 'abc' }).success).toBe(false);
    expect(TeamAdviceParamSchema.parse({ teamId: '3', id: '7' })).toEqual({ teamId: 3, id: 7 });
  });

  it('chat-room ids are JID-safe', () => {
    expect(MimIdParamSchema.parse({ mimId: 'abc123.def' }).mimId).toBe('abc123.def');
    expect(MimIdParamSchema.safeParse({ mimId: 'a@b' }).error?.issues[0]?.path).toEqual(['mimId']);
  });

  it('members limit 1000, advice history page size 20, sort -modified_at', () => {
    expect(MembersQuerySchema.parse({})).toEqual({ limit: 1000, offset: 0 });
    expect(MembersQuerySchema.safeParse({ limit: '1001' }).error?.issues[0]?.path).toEqual([
      'limit',
    ]);
    expect(AdviceHistoryQuerySchema.parse({ accepted: 'true' })).toEqual({
      limit: 20,
      offset: 0,
      accepted: 'true',
      conversation_context: 'ALL',
      sort: '-modified_at',
    });
    expect(parseEmbed(' team, requestor ,,')).toEqual(new Set(['team', 'requestor']));
    expect(parseEmbed(undefined).size).toBe(0);
  });
});
