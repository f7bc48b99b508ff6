-- The rollup triggers of 0400 and 0401 upsert several summary rows per statement (the
-- organisation's and the network's). Two transactions upserting the same rows in other orders
-- deadlock on PostgreSQL: two logins of one organisation at once failed with 40P01 (a 500 on
-- login; src/analytics/rollupConcurrency.test.ts). A trigger that fires first (PostgreSQL fires the
-- triggers of one event in name order: "0turn" sorts before "rollup") takes a transaction-level
-- advisory lock, so the summary writers take turns; the rest of each transaction stays parallel.
-- PGlite has one connection: the lock is free there.
create function rollup_turn() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext(tg_argv[0]));
  return null;
end
$$;

create trigger analytics_events_0turn after insert on analytics_events
  for each statement execute function rollup_turn('analytics_rollup');
create trigger users_0turn_insert after insert on users
  for each statement execute function rollup_turn('users_rollup');
create trigger users_0turn_update after update on users
  for each statement execute function rollup_turn('users_rollup');
create trigger users_0turn_delete after delete on users
  for each statement execute function rollup_turn('users_rollup');
