import type { FastifyInstance } from 'fastify';
import type { DatabaseTx } from '../db/client.js';
import { uuidsOf } from './repo.js';

/**
 * Applies a membership change to the database and returns the ids that really changed.
 * Runs inside the caller's transaction; the chat room is synced after the commit
 * (`syncTeamRooms`), so a failed transaction never leaves a room ahead of the directory.
 */
export async function changeTeamMembers(
  tx: DatabaseTx,
  teamId: number,
  change: { add?: readonly number[]; remove?: readonly number[] },
  now: Date,
): Promise<{ added: number[]; removed: number[] }> {
  const add = [...new Set(change.add ?? [])];
  const remove = [...new Set(change.remove ?? [])].filter((id) => !add.includes(id));
  const added =
    add.length === 0
      ? []
      : (
          await tx.query<{ user_id: number }>(
            `insert into team_members (team_id, user_id, created_at)
             select $1, u, $3 from unnest($2::int[]) as u
             on conflict do nothing returning user_id`,
            [teamId, add, now],
          )
        ).rows.map((r) => r.user_id);
  const removed =
    remove.length === 0
      ? []
      : (
          await tx.query<{ user_id: number }>(
            'delete from team_members where team_id = $1 and user_id = any($2::int[]) returning user_id',
            [teamId, remove],
          )
        ).rows.map((r) => r.user_id);
  if (added.length > 0 || removed.length > 0) {
    await tx.query('update teams set modified_at = $2 where id = $1', [teamId, now]);
  }
  return { added, removed };
}

/**
 * Tells the server a team changed (its row, or its members: `change`), right after the commit
 * and before anything that can fail: the response cache forgets every answer showing the team
 * and every answer of the people who joined or left it (apps/server/README.md "Response cache").
 * Whoever writes a team or its members must call this.
 */
export function announceTeamChange(
  app: FastifyInstance,
  teamId: number,
  change: { added: readonly number[]; removed: readonly number[] },
): void {
  app.events.emit('team:changed', { teamId, userIds: [...change.added, ...change.removed] });
}

/**
 * Brings the team's MUC Light room, and the rooms of its advice conversations (team members plus
 * the requestor), in step with a membership change at once, so occupants are notified by the
 * chat server (spec: "every membership change updates the room's affiliations at once").
 */
export async function syncTeamRooms(
  app: FastifyInstance,
  team: { id: number; mim_id: string },
  change: { added: readonly number[]; removed: readonly number[] },
): Promise<void> {
  if (change.added.length === 0 && change.removed.length === 0) return;
  const added = await uuidsOf(app.db, change.added);
  const removed = await uuidsOf(app.db, change.removed);
  await app.chat.rooms.setAffiliations(team.mim_id, { added, removed });
  const convs = await app.db.query<{ mim_id: string; requestor_uuid: string }>(
    `select ac.mim_id, u.uuid::text as requestor_uuid
       from advice_conversations ac join users u on u.id = ac.requestor_id
      where ac.team_id = $1`,
    [team.id],
  );
  for (const c of convs.rows) {
    await app.chat.rooms.setAffiliations(c.mim_id, {
      added,
      // The requestor stays in their own conversation even when they leave the advice team.
      removed: removed.filter((u) => u !== c.requestor_uuid),
    });
  }
}

/**
 * Tells everyone in the team's room, and in the rooms of its advice conversations (whose names
 * are the team's), that the team was renamed: a MUC Light configuration message, as MongooseIM
 * sends, so their sidebars, panels and headers follow at once (issue 35). Call after the commit
 * and `announceTeamChange`, so what the clients refetch is already the new name.
 */
export async function announceRename(
  app: FastifyInstance,
  team: { id: number; mim_id: string },
  name: string,
): Promise<void> {
  await app.chat.rooms.notifyConfig(team.mim_id, { roomname: name });
  const convs = await app.db.query<{ mim_id: string }>(
    'select mim_id from advice_conversations where team_id = $1',
    [team.id],
  );
  for (const c of convs.rows) await app.chat.rooms.notifyConfig(c.mim_id, { roomname: name });
}
