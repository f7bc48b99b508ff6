import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterRoomChange } from './advice';
import { teamKeys } from './teams';

const ADVICE_DETAIL = ['advice', 'detail', 3, 4];

function cacheWithEverything(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(teamKeys.lists(), { teams: [], forums: [], advice_conversations: [] });
  client.setQueryData(teamKeys.detail(1), { id: 1, name: 'Ward 7 Team' });
  client.setQueryData(teamKeys.members(1), [{ id: 4 }]);
  client.setQueryData(ADVICE_DETAIL, { id: 4, requestor_resolved: false });
  return client;
}

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

// Issue 35: someone else's change to a room makes the cached answers about it stale at once.
describe('refreshAfterRoomChange', () => {
  it('members or a rename: the sidebar lists, the team, its members and advice answers', async () => {
    for (const kind of ['members', 'config'] as const) {
      const client = cacheWithEverything();
      await refreshAfterRoomChange(client, { kind });
      expect(stale(client, teamKeys.lists())).toBe(true);
      expect(stale(client, teamKeys.detail(1))).toBe(true);
      expect(stale(client, teamKeys.members(1))).toBe(true);
      expect(stale(client, ADVICE_DETAIL)).toBe(true);
    }
  });

  it('an advice line: the advice conversation and the sidebar lists, not the team members', async () => {
    const client = cacheWithEverything();
    await refreshAfterRoomChange(client, { kind: 'advice' });
    expect(stale(client, ADVICE_DETAIL)).toBe(true);
    expect(stale(client, teamKeys.lists())).toBe(true);
    expect(stale(client, teamKeys.members(1))).toBe(false);
  });
});
