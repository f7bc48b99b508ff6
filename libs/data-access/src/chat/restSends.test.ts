import { describe, expect, it } from 'vitest';
import { shareTargetOf } from './restSends';

describe('rich sends over REST', () => {
  it('spec 01 §7: an image is shared with the user, the team/forum or the advice conversation of its chat', () => {
    expect(shareTargetOf({ address: 'u@d', kind: 'direct', name: 'Bob', id: 7 })).toEqual({
      kind: 'user',
      id: 7,
    });
    expect(shareTargetOf({ address: 'r@m.d', kind: 'team', name: 'Ward 7', id: 3 })).toEqual({
      kind: 'team',
      id: 3,
    });
    expect(shareTargetOf({ address: 'f@m.d', kind: 'forum', name: 'Forum', id: '4' })).toEqual({
      kind: 'team',
      id: 4,
    });
    expect(
      shareTargetOf({ address: 'a@m.d', kind: 'advice', name: 'Cardio', id: 9, teamId: 3 }),
    ).toEqual({ kind: 'advice', id: 9 });
  });

  it('a conversation without a REST id cannot share: the send fails instead of sharing with nobody', () => {
    expect(() => shareTargetOf({ address: 'u@d', kind: 'direct', name: 'Bob' })).toThrow(
      /no REST id/,
    );
  });
});
