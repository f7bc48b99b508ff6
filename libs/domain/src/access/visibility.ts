import type { AccessLevel } from './levels';

/** What decides who may see a person: who they are, their level, their organisation and network. */
export interface DirectoryPlacement {
  id: number;
  access_level: AccessLevel;
  hospital_id: number | null;
  network_id: number | null;
}

/**
 * Who can see whom: yourself, everyone for a PANDO_ADMIN, otherwise people of the same network
 * (or of the same organisation when it has no network). A user of another network gets a 404 from
 * the REST API and cannot be messaged, marked or sent chat states over XMPP (issue 14, finding 4).
 */
export function canSeeUser(viewer: DirectoryPlacement, target: DirectoryPlacement): boolean {
  if (viewer.id === target.id) return true;
  if (viewer.access_level === 'PANDO_ADMIN') return true;
  if (viewer.network_id !== null && viewer.network_id === target.network_id) return true;
  return viewer.hospital_id !== null && viewer.hospital_id === target.hospital_id;
}
