import { describe, expect, it } from 'vitest';
import {
  buildSidebar,
  compareByName,
  SIDEBAR_ADD_ROUTES,
  totalUnread,
  type SidebarItem,
} from './sidebar';
import { APP_ROUTES, chatRoutes, chatScreenForPath } from './routes';

const item = (
  address: string,
  name: string,
  kind: SidebarItem['kind'],
  hidden = false,
): SidebarItem => ({
  address,
  name,
  kind,
  route: `/x/${address}`,
  hidden,
});

describe('sidebar (spec 01 §2)', () => {
  const items = [
    item('t2', 'ward 7', 'team'),
    item('t1', 'Cardio', 'team'),
    item('f1', 'Juniors', 'forum'),
    item('d1', 'bob', 'direct'),
    item('d2', 'Alice', 'direct'),
    item('a1', 'Cardiology Advice', 'advice'),
    item('a2', 'Resolved advice', 'advice', true),
    item('t1', 'Cardio duplicate', 'team'),
  ];

  it('each section lists only read items; unread ones appear in the top section', () => {
    const s = buildSidebar(items, { d1: 2, f1: 1, t2: 0 });
    expect(s.unread.map((i) => [i.address, i.unread])).toEqual([
      ['d1', 2],
      ['f1', 1],
    ]);
    expect(s.direct.map((i) => i.address)).toEqual(['d2']);
    expect(s.forums).toEqual([]);
  });

  it('items are sorted by name, case-insensitively', () => {
    const s = buildSidebar(items, {});
    expect(s.teams.map((i) => i.name)).toEqual(['Cardio', 'ward 7']);
    expect(s.direct.map((i) => i.name)).toEqual(['Alice', 'bob']);
    expect(compareByName({ name: 'a', address: '2' }, { name: 'A', address: '1' })).toBeGreaterThan(
      0,
    );
    expect(compareByName({ name: 'a' }, { name: 'A' })).toBe(0);
  });

  it('resolved advice conversations are hidden', () => {
    const s = buildSidebar(items, { a2: 5 });
    expect(s.advice.map((i) => i.address)).toEqual(['a1']);
    expect(s.unread).toEqual([]);
  });

  it('plus buttons open the spec routes; unread totals ignore negatives', () => {
    expect(SIDEBAR_ADD_ROUTES).toEqual({
      teams: '/teams/create',
      direct: '/search?include=user.other',
      advice: '/search?include=team.advice',
      forums: '/search?include=team.forum',
    });
    expect(totalUnread({ a: 2, b: -1, c: 3 })).toBe(5);
  });
});

describe('chat route → screen kind (spec 01 §2)', () => {
  it.each([
    ['/users/u-alice', { kind: 'direct', userId: 'u-alice' }],
    ['/ask-advice/12', { kind: 'newAdvice', teamId: '12' }],
    [
      '/teams/12/advice-conversations/7',
      { kind: 'existingAdvice', teamId: '12', conversationId: '7' },
    ],
    ['/teams/12', { kind: 'team', teamId: '12' }],
    ['/teams/12/', { kind: 'team', teamId: '12' }],
    ['/teams/12?x=1', { kind: 'team', teamId: '12' }],
    ['/', { kind: 'empty' }],
    ['/ask-advice/history', { kind: 'empty' }],
    ['/teams/create', { kind: 'empty' }],
    ['/teams/ask-advice/create', { kind: 'empty' }],
    ['/teams/12/advice-conversations/history', { kind: 'empty' }],
    ['/patients', { kind: 'empty' }],
  ])('%s', (path, screen) => {
    expect(chatScreenForPath(path)).toEqual(screen);
  });

  it('builds the routes back', () => {
    expect(chatRoutes.adviceConversation(12, 7)).toBe('/teams/12/advice-conversations/7');
    expect(chatScreenForPath(chatRoutes.direct('u1'))).toEqual({ kind: 'direct', userId: 'u1' });
    expect(chatRoutes.team(3)).toBe('/teams/3');
    expect(chatRoutes.newAdvice(3)).toBe('/ask-advice/3');
    expect(APP_ROUTES.askAdviceCancel).toBe('/search?include=team.advice');
    expect(chatScreenForPath(APP_ROUTES.adviceHistory)).toEqual({ kind: 'empty' });
  });
});
