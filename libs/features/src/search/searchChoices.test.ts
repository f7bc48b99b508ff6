import { describe, expect, it } from 'vitest';
import { choicesFromParam, includesFor } from './searchChoices';

describe('spec 01 §2 "Search"', () => {
  it('an include query (for example team.advice) preselects its choice', () => {
    expect(choicesFromParam('team.advice')).toEqual(['advice']);
    expect(choicesFromParam('user.other')).toEqual(['users']);
    expect(choicesFromParam('team.forum')).toEqual(['forums']);
  });
  it('without an include every choice is on: Users, Teams, Forums, Ask Advice', () => {
    expect(choicesFromParam(null)).toEqual(['users', 'teams', 'forums', 'advice']);
    expect(choicesFromParam('bogus')).toEqual(['users', 'teams', 'forums', 'advice']);
  });
  it('choices map to the includes of spec 01 §3 "Search state"', () => {
    expect(includesFor(['forums', 'users'])).toEqual([
      'user.other',
      'team.forum',
      'team.forum.member-of',
    ]);
  });
});
