import { describe, expect, it } from 'vitest';
import {
  AdviceHistoryQuerySchema,
  IdParamSchema,
  MembersQuerySchema,
  MimIdParamSchema,
  parseEmbed,
  TeamAdviceParamSchema,
} from './params';
import { ID_LIST_MAX, ID_MAX, UserIdsBodySchema } from './common';
import { TeamInputSchema } from '../teams/schemas';
import { ReassignBodySchema } from '../patients/schemas';
import { FileUploadFieldsSchema } from '../files/schemas';

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

  it('body ids are bounded to a PostgreSQL integer and id lists to 1,000, naming the field', () => {
    expect(UserIdsBodySchema.parse({ user_ids: [1, ID_MAX] })).toEqual({ user_ids: [1, ID_MAX] });
    const tooBig = UserIdsBodySchema.safeParse({ user_ids: [99999999999] });
    expect(tooBig.error?.issues[0]?.path).toEqual(['user_ids', 0]);
    const team = TeamInputSchema.safeParse({ name: 'Ward 9', user_ids: [ID_MAX + 1] });
    expect(team.error?.issues[0]?.path).toEqual(['user_ids', 0]);
    const many = Array.from({ length: ID_LIST_MAX + 1 }, (_, i) => i + 1);
    expect(UserIdsBodySchema.safeParse({ user_ids: many }).error?.issues[0]?.path).toEqual([
      'user_ids',
    ]);
    expect(ReassignBodySchema.safeParse({ users: many, teams: [] }).success).toBe(false);
    expect(FileUploadFieldsSchema.safeParse({ user_ids: '1,99999999999' }).success).toBe(false);
  });
});
