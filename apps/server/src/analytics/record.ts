import type { DatabaseTx } from '../db/client.js';

export interface AnalyticsEventInput {
  type: string;
  at: Date;
  userId?: number | null;
  teamId?: number | null;
  adviceId?: number | null;
  forumId?: number | null;
  hasPatient?: boolean;
  hasImage?: boolean;
  data?: Record<string, unknown>;
}

/**
 * Records an analytics event; the user's organisation, network and role are copied at write
 * time so a later transfer does not rewrite history in the 30-day report.
 */
export async function recordEvent(db: DatabaseTx, e: AnalyticsEventInput): Promise<void> {
  await db.query(
    `insert into analytics_events
       (type, occurred_at, user_id, hospital_id, network_id, role, team_id, advice_id, forum_id,
        has_patient, has_image, data)
     select $1, $2, u.id, h.id, h.network_id, u.role_description, $4, $5, $6, $7, $8, $9
       from (select 1) one
       left join users u on u.id = $3
       left join hospitals h on h.id = u.hospital_id`,
    [
      e.type,
      e.at,
      e.userId ?? null,
      e.teamId ?? null,
      e.adviceId ?? null,
      e.forumId ?? null,
      e.hasPatient ?? false,
      e.hasImage ?? false,
      JSON.stringify(e.data ?? {}),
    ],
  );
}
