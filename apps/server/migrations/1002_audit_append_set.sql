-- audit_append (1000_audit.sql) ran four statements per event (the chain's row inserted, locked,
-- read and updated for each); bench/api/audit.ts measured the trail at 5-7 times a patient list's
-- server CPU when every read is recorded. Same chain, same hashes, same locking order: each
-- chain's head is locked and read once per run of its events, the hashes are computed in the
-- loop, and the batch is inserted in one statement.
create or replace function audit_append(p_events jsonb) returns void language plpgsql as $fn$
declare
  e jsonb;
  v_chain integer;
  v_cur integer;
  v_seq bigint;
  v_prev text;
  v_hash text;
  v_seqs bigint[] := '{}';
  v_prevs text[] := '{}';
  v_hashes text[] := '{}';
begin
  for e in select x.value from jsonb_array_elements(p_events) with ordinality as x(value, n) order by x.n loop
    v_chain := (e->>'chain')::integer;
    if v_cur is distinct from v_chain then
      if v_cur is not null then
        update audit_chains set head_seq = v_seq, head_hash = v_prev where chain = v_cur;
      end if;
      insert into audit_chains (chain) values (v_chain) on conflict (chain) do nothing;
      select head_seq, head_hash into v_seq, v_prev from audit_chains where chain = v_chain for update;
      v_cur := v_chain;
    end if;
    v_seq := v_seq + 1;
    v_hash := encode(sha256(convert_to(v_prev || E'\n' || v_seq::text || E'\n' || (e->>'canonical'), 'UTF8')), 'hex');
    v_seqs := v_seqs || v_seq;
    v_prevs := v_prevs || v_prev;
    v_hashes := v_hashes || v_hash;
    v_prev := v_hash;
  end loop;
  if v_cur is null then
    return;
  end if;
  update audit_chains set head_seq = v_seq, head_hash = v_prev where chain = v_cur;
  insert into audit_events (chain, seq, at, user_id, session_id, access_level, organisation_id,
    network_id, client_ip, user_agent, action, resource_type, resource_id, patient_id, outcome,
    status, detail, prev_hash, hash)
  select (x.e->>'chain')::integer, v_seqs[x.n], (x.e->>'at')::timestamptz, (x.e->>'user_id')::integer,
    (x.e->>'session_id')::integer, x.e->>'access_level', (x.e->>'organisation_id')::integer,
    (x.e->>'network_id')::integer, x.e->>'client_ip', x.e->>'user_agent', x.e->>'action',
    x.e->>'resource_type', x.e->>'resource_id', (x.e->>'patient_id')::integer, x.e->>'outcome',
    (x.e->>'status')::integer, coalesce(x.e->'detail', '{}'::jsonb), v_prevs[x.n], v_hashes[x.n]
  from jsonb_array_elements(p_events) with ordinality as x(e, n)
  order by x.n;
end
$fn$;
