import { describe, expect, it } from 'vitest';
import { copyFreshness } from './freshness';

const pageStartedAt = new Date(2026, 10, 28, 11, 0).getTime();
const copied = new Date(2026, 10, 28, 10, 42).getTime();

describe('copyFreshness', () => {
  it('says when a copied answer was fetched while there is no network', () => {
    expect(
      copyFreshness({ online: false, fetching: false, updatedAt: copied, pageStartedAt }),
    ).toBe('Offline — last updated 10:42');
  });

  it('says "Updating…" while the live answer for a copied one loads', () => {
    expect(copyFreshness({ online: true, fetching: true, updatedAt: copied, pageStartedAt })).toBe(
      'Updating…',
    );
  });

  it('says nothing once the live answer is in, or when nothing is shown', () => {
    const live = pageStartedAt + 1000;
    expect(
      copyFreshness({ online: true, fetching: false, updatedAt: live, pageStartedAt }),
    ).toBeNull();
    expect(
      copyFreshness({ online: true, fetching: true, updatedAt: live, pageStartedAt }),
    ).toBeNull();
    expect(
      copyFreshness({ online: false, fetching: false, updatedAt: 0, pageStartedAt }),
    ).toBeNull();
  });

  it('says the answer could not be updated when its refresh failed with a network', () => {
    const live = pageStartedAt + 1000;
    // From the offline copy, and the live answer failed (a server error, a dead uplink).
    expect(
      copyFreshness({
        online: true,
        fetching: false,
        updatedAt: copied,
        pageStartedAt,
        refreshFailed: true,
      }),
    ).toBe('Could not update — last updated 10:42');
    // Fetched on this page, and a later refresh failed.
    expect(
      copyFreshness({
        online: true,
        fetching: false,
        updatedAt: live,
        pageStartedAt,
        refreshFailed: true,
      }),
    ).toBe('Could not update — last updated 11:00');
    // Asking again for a copied answer: "Updating…"; with no network, the offline line.
    expect(
      copyFreshness({
        online: true,
        fetching: true,
        updatedAt: copied,
        pageStartedAt,
        refreshFailed: true,
      }),
    ).toBe('Updating…');
    expect(
      copyFreshness({
        online: false,
        fetching: false,
        updatedAt: copied,
        pageStartedAt,
        refreshFailed: true,
      }),
    ).toBe('Offline — last updated 10:42');
  });
});
