import { describe, expect, it } from 'vitest';
import { mockOnly } from './unhandledFrame';

const origin = 'https://demo.example.org';

describe('mockOnly: what the demo worker refuses when no mock answers', () => {
  it('a reload or deep link of a page goes to the network (the static host serves the app)', () => {
    expect(mockOnly(`${origin}/manage/users`, origin)).toBe(false);
    expect(mockOnly(`${origin}/`, origin)).toBe(false);
    expect(mockOnly(`${origin}/teams/3?x=1`, origin)).toBe(false);
  });

  it('static files and other origins go to the network', () => {
    expect(mockOnly(`${origin}/assets/UsersScreen-abc.js`, origin)).toBe(false);
    expect(mockOnly(`${origin}/favicon.svg`, origin)).toBe(false);
    expect(mockOnly('https://fonts.example.com/api/x', origin)).toBe(false);
  });

  it('an API or chat call no mock answers is an error', () => {
    expect(mockOnly(`${origin}/api/v4/nothing`, origin)).toBe(true);
    expect(mockOnly(`${origin}/xmpp`, origin)).toBe(true);
    expect(mockOnly(`${origin}/apis-page`, origin)).toBe(false);
  });
});
