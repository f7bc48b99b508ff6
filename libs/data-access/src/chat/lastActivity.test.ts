import { LAST_ACTIVE_REFRESH_MS } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { LastActivityPoller } from './lastActivity';
import { createTestCore, settle } from './testing/harness';

const bob = 'bob@pando.test';
const ward = 'ward7@muclight.pando.test';

function setup(answer: () => Promise<number | null>) {
  const t = createTestCore();
  const asked: string[] = [];
  const poller = new LastActivityPoller(t.core, {
    lastActivity: (jid) => {
      asked.push(jid);
      return answer();
    },
  });
  return { ...t, poller, asked, lastActive: () => t.core.snapshot().lastActive };
}

describe('LastActivityPoller — the header\u2019s last-active time (spec 01 §2)', () => {
  it('asks at once and every 15 s for the open 1:1 chat; an answer of N seconds is now − N s', async () => {
    const p = setup(() => Promise.resolve(90));
    p.poller.watch(bob);
    await settle();
    expect(p.lastActive()).toEqual({ [bob]: p.clock.now() - 90_000 });
    p.clock.advance(LAST_ACTIVE_REFRESH_MS * 2);
    expect(p.asked).toEqual([bob, bob, bob]);
    p.poller.stop();
    p.clock.advance(LAST_ACTIVE_REFRESH_MS * 2);
    expect(p.asked).toHaveLength(3);
  });

  it('a room has no last activity: nothing is asked', () => {
    const p = setup(() => Promise.resolve(0));
    p.poller.watch(ward);
    p.poller.ask(ward);
    expect(p.asked).toEqual([]);
  });

  it('an unknown answer is null; a failed question is logged and keeps the last answer', async () => {
    let answer: () => Promise<number | null> = () => Promise.resolve(null);
    const p = setup(() => answer());
    p.poller.ask(bob);
    await settle();
    expect(p.lastActive()).toEqual({ [bob]: null });
    p.core.set({ lastActive: { [bob]: 5 } });
    answer = () => Promise.reject(new Error('service-unavailable'));
    p.poller.ask(bob);
    await settle();
    expect(p.lastActive()).toEqual({ [bob]: 5 });
    expect(p.logs).toEqual([{ level: 'info', message: 'last activity unavailable' }]);
  });
});
