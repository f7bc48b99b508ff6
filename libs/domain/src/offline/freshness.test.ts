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
});
