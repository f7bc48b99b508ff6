import type { RegisterSWOptions } from 'virtual:pwa-register';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceWorkerUpdates } from './ServiceWorkerUpdates';

/** What vite-plugin-pwa's registerSW would do, driven by the test: the options it was given. */
function setUp(registration: Partial<ServiceWorkerRegistration> = {}) {
  const reloadPage = vi.fn();
  const activateWaiting = vi.fn(() => Promise.resolve());
  const updates = new ServiceWorkerUpdates(reloadPage);
  let options: RegisterSWOptions = {};
  const errors: unknown[] = [];
  updates.register(
    (given) => {
      options = given;
      return activateWaiting;
    },
    (error) => errors.push(error),
  );
  options.onRegisteredSW?.('/sw.js', registration as ServiceWorkerRegistration);
  const shown: boolean[] = [];
  updates.subscribe(() => shown.push(updates.getSnapshot()));
  return { updates, options, reloadPage, activateWaiting, shown, errors };
}

const checkForUpdate = () => vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
const waitingWorker = () => ({ waiting: {} as ServiceWorker, update: checkForUpdate() });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ServiceWorkerUpdates: a new version waits for the person, never reloads on its own', () => {
  it('shows the notice when a new version is waiting, and does not reload', () => {
    const { updates, options, reloadPage, activateWaiting } = setUp(waitingWorker());
    expect(updates.getSnapshot()).toBe(false);
    options.onNeedRefresh?.();
    expect(updates.getSnapshot()).toBe(true);
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(activateWaiting).not.toHaveBeenCalled();
  });

  it('Reload activates the waiting version and reloads once the new worker took control', () => {
    const { updates, options, reloadPage, activateWaiting } = setUp(waitingWorker());
    options.onNeedRefresh?.();
    updates.reload();
    expect(activateWaiting).toHaveBeenCalledWith(true);
    expect(reloadPage).not.toHaveBeenCalled();
    options.onNeedReload?.();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('Reload reloads all the same if the new worker never takes control', () => {
    const { updates, options, reloadPage } = setUp(waitingWorker());
    options.onNeedRefresh?.();
    updates.reload();
    vi.advanceTimersByTime(5_000);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a takeover asked for by another tab does not reload this one: it shows the notice again', () => {
    const { updates, options, reloadPage, shown } = setUp(waitingWorker());
    options.onNeedRefresh?.();
    updates.dismiss();
    options.onNeedReload?.();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(shown).toEqual([true, false, true]);
  });

  it('with no worker waiting any more (another tab switched), Reload is a plain reload', () => {
    const { updates, options, reloadPage, activateWaiting } = setUp({ update: checkForUpdate() });
    options.onNeedReload?.();
    updates.reload();
    expect(activateWaiting).not.toHaveBeenCalled();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('asks the server for a new version every hour while online, for a tab open all day', () => {
    const update = checkForUpdate();
    setUp({ update });
    vi.advanceTimersByTime(60 * 60 * 1000 - 1);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledTimes(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('passes a registration failure on (the app runs without a worker)', () => {
    const { options, errors } = setUp();
    options.onRegisterError?.(new Error('SecurityError'));
    expect(errors).toEqual([new Error('SecurityError')]);
  });
});
