import type { FastifyInstance } from 'fastify';
import type { DatabaseTx } from '../db/client.js';

/** Everyone who sees some cards: people by id, and teams whose members see them. */
export interface CardAudience {
  userIds: number[];
  teamIds: number[];
}

/**
 * Who sees these cards now (cardAccess's facts, from the card's side): creators, assigned users,
 * assigned teams, and share targets — a person, a team, or an advice conversation's requestor
 * and advice team. Read before and after a write, so both who lost and who gained a card hear.
 */
export async function cardAudience(
  db: DatabaseTx,
  cardIds: readonly number[],
): Promise<CardAudience> {
  if (cardIds.length === 0) return { userIds: [], teamIds: [] };
  const r = await db.query<{ users: number[] | null; teams: number[] | null }>(
    `select
       (select array_agg(distinct u) from (
          select c.created_by_id as u from patient_cards c where c.id = any($1::int[])
          union select pu.user_id from patient_card_users pu where pu.patient_card_id = any($1::int[])
          union select s.target_id from shares s
           where s.resource_type = 'patient_card' and s.resource_id = any($1::int[]) and s.target_type = 'user'
          union select ac.requestor_id from shares s join advice_conversations ac on ac.id = s.target_id
           where s.resource_type = 'patient_card' and s.resource_id = any($1::int[]) and s.target_type = 'advice_conversation'
        ) x where u is not null) as users,
       (select array_agg(distinct t) from (
          select pt.team_id as t from patient_card_teams pt where pt.patient_card_id = any($1::int[])
          union select s.target_id from shares s
           where s.resource_type = 'patient_card' and s.resource_id = any($1::int[]) and s.target_type = 'team'
          union select ac.team_id from shares s join advice_conversations ac on ac.id = s.target_id
           where s.resource_type = 'patient_card' and s.resource_id = any($1::int[]) and s.target_type = 'advice_conversation'
        ) y) as teams`,
    [cardIds],
  );
  return { userIds: r.rows[0]?.users ?? [], teamIds: r.rows[0]?.teams ?? [] };
}

/**
 * Tells the response cache that these people's patient lists changed (`cards:changed`, after the
 * commit). Pass every audience the write touched: before and after a reassign or a share.
 */
export function announceCardChange(app: FastifyInstance, ...audiences: CardAudience[]): void {
  const userIds = new Set<number>();
  const teamIds = new Set<number>();
  for (const a of audiences) {
    for (const id of a.userIds) userIds.add(id);
    for (const id of a.teamIds) teamIds.add(id);
  }
  if (userIds.size === 0 && teamIds.size === 0) return;
  app.events.emit('cards:changed', { userIds: [...userIds], teamIds: [...teamIds] });
}
