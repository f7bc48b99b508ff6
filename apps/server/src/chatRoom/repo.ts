import type { DatabaseTx } from '../db/client.js';
import type { users } from '../db/schema/index.js';

/** A person of a chat room, as `embed=users` lists them (GET /chat-room/{mimId}). */
export type PersonRow = Pick<typeof users.$inferSelect, 'id' | 'uuid' | 'first_name' | 'last_name'>;

/** A team's (or forum's) members, by last name, at most 1000. */
export async function teamPeople(db: DatabaseTx, teamId: number): Promise<PersonRow[]> {
  return (
    await db.query<PersonRow>(
      `select u.id, u.uuid::text as uuid, u.first_name, u.last_name from team_members m join users u on u.id = m.user_id
              where m.team_id = $1 order by lower(u.last_name), u.id limit 1000`,
      [teamId],
    )
  ).rows;
}

/** An advice conversation's people: its requestor and the advice team's members, by last name. */
export async function advicePeople(
  db: DatabaseTx,
  teamId: number,
  requestorId: number,
): Promise<PersonRow[]> {
  return (
    await db.query<PersonRow>(
      `select u.id, u.uuid::text as uuid, u.first_name, u.last_name from users u
            where u.id = $2 or u.id in (select m.user_id from team_members m where m.team_id = $1)
            order by lower(u.last_name), u.id limit 1001`,
      [teamId, requestorId],
    )
  ).rows;
}
