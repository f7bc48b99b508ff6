import type { Database } from '../db/client.js';

const DAY_MS = 86_400_000;
/** Far enough that no shifted key meets an unshifted one (date keys are unique per day). */
const PARK_DAYS = 1_000_000;

/**
 * Moves a seeded database to a later day: every date and time column of every table (but the
 * audit trail, whose rows are chained by their content) by the whole days between the day it was
 * seeded for and `now`. The seeded dump of the server in a page is made when the page is built; a
 * demo opened a week later would otherwise show a report of last week and chats of days ago.
 *
 * Whole days, so the analytics rollups' day keys and their events stay together (an event and the
 * day it counts for move as one). Triggers are off meanwhile (the rollups move with the rest
 * instead of counting again); a date key is moved out of the way first and then back, as the
 * unique keys are checked row by row.
 */
export async function shiftSeedTimes(db: Database, seededAt: Date, now: Date): Promise<number> {
  const days = Math.floor(now.getTime() / DAY_MS) - Math.floor(seededAt.getTime() / DAY_MS);
  if (days <= 0) return 0;
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('date', 'timestamp with time zone', 'timestamp without time zone')
        and c.table_name not like 'audit%'
      order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns.rows)
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  const move = (table: string, cols: string[], by: number) =>
    `update "${table}" set ${cols.map((c) => `"${c}" = "${c}" + ${String(by)} * interval '1 day'`).join(', ')}`;
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    for (const [table, cols] of byTable) {
      await tx.query(move(table, cols, PARK_DAYS + days));
      await tx.query(move(table, cols, -PARK_DAYS));
    }
  });
  return days;
}
