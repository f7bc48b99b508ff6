import { describe, expect, it } from 'vitest';
import { canSeeUser, type DirectoryPlacement } from './visibility';

const person = (
  id: number,
  hospital_id: number | null,
  network_id: number | null,
  access_level: DirectoryPlacement['access_level'] = 'USER',
): DirectoryPlacement => ({ id, access_level, hospital_id, network_id });

describe('who can see (and message) whom', () => {
  const alice = person(1, 10, 100);
  const carol = person(2, 11, 100); // another organisation of the same network
  const dave = person(3, 20, 200); // another network
  const solo = person(4, 30, null); // an organisation without a network
  const soloColleague = person(5, 30, null);

  it('people of the same network see each other, across organisations', () => {
    expect(canSeeUser(alice, carol)).toBe(true);
    expect(canSeeUser(carol, alice)).toBe(true);
  });

  it('a user of another network is invisible, both ways', () => {
    expect(canSeeUser(alice, dave)).toBe(false);
    expect(canSeeUser(dave, alice)).toBe(false);
  });

  it('without a network, the same organisation decides', () => {
    expect(canSeeUser(solo, soloColleague)).toBe(true);
    expect(canSeeUser(solo, alice)).toBe(false);
    expect(canSeeUser(person(6, null, null), person(7, null, null))).toBe(false);
  });

  it('everyone sees themselves; a PANDO_ADMIN sees everyone', () => {
    expect(canSeeUser(dave, dave)).toBe(true);
    expect(canSeeUser(person(8, 10, 100, 'PANDO_ADMIN'), dave)).toBe(true);
  });
});
