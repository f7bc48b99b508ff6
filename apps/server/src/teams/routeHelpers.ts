import type { FastifyInstance } from 'fastify';
import type { Team } from '@pando/domain';
import { findTeam, one, toWireTeam } from './repo.js';

/** The team as it is after a change, for the caller. */
export async function rereadTeam(
  app: FastifyInstance,
  id: number,
  viewerId: number,
): Promise<Team> {
  return toWireTeam(one([await findTeam(app.db, id)].filter((t) => t !== undefined)), viewerId);
}
