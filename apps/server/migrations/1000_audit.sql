-- The audit trail (issue 36, src/audit/README.md): one append-only table of who did what to which
-- resource, from where, and with what outcome. Each organisation's events form a hash chain
-- (`chain` is the organisation id, 0 for events of nobody's organisation, e.g. a failed login of
-- an unknown email): an event's hash covers its content, its place in the chain and the hash of
-- the event before it, so `npm run audit:verify` names the first event altered or removed.
create table audit_events (
  id bigserial primary key,
  chain integer not null,
  seq bigint not null,
  at timestamptz not null,
  user_id integer,
  session_id integer,
  access_level text,
  organisation_id integer,
  network_id integer,
  client_ip text,
  user_agent text,
  action text not null,
  resource_type text not null,
  resource_id text,
  patient_id integer,
  outcome text not null check (outcome in ('allowed', 'refused')),
  status integer not null,
  detail jsonb not null default '{}'::jsonb,
  prev_hash text not null,
  hash text not null,
  unique (chain, seq)
);
create index audit_events_at_idx on audit_events (at, id);
create index audit_events_patient_idx on audit_events (patient_id, at) where patient_id is not null;
create index audit_events_user_idx on audit_events (user_id, at);
create index audit_events_organisation_idx on audit_events (organisation_id, at);
create index audit_events_network_idx on audit_events (network_id, at);

-- One row per chain: its head (the last event's seq and hash) and its base (the checkpoint of
-- the last event removed by retention, seq 0 and the genesis hash before any was).
create table audit_chains (
  chain integer primary key,
  head_seq bigint not null default 0,
  head_hash text not null default '0000000000000000000000000000000000000000000000000000000000000000',
  base_seq bigint not null default 0,
  base_hash text not null default '0000000000000000000000000000000000000000000000000000000000000000',
  base_at timestamptz
);

-- Appends events (a JSON array, each with its fields and `canonical`, the text the server hashes;
-- src/audit/chain.ts builds it and the verifier rebuilds it from the stored columns). One
-- statement per batch; events of several chains are locked in the order given (the server sorts
-- them by chain, so two writers never wait on each other in opposite orders).
create function audit_append(p_events jsonb) returns void language plpgsql as $fn$
declare
  e jsonb;
  v_chain integer;
  v_seq bigint;
  v_prev text;
  v_hash text;
begin
  for e in select value from jsonb_array_elements(p_events) loop
    v_chain := (e->>'chain')::integer;
    insert into audit_chains (chain) values (v_chain) on conflict (chain) do nothing;
    select head_seq, head_hash into v_seq, v_prev from audit_chains where chain = v_chain for update;
    v_seq := v_seq + 1;
    v_hash := encode(sha256(convert_to(v_prev || E'\n' || v_seq::text || E'\n' || (e->>'canonical'), 'UTF8')), 'hex');
    insert into audit_events (chain, seq, at, user_id, session_id, access_level, organisation_id,
      network_id, client_ip, user_agent, action, resource_type, resource_id, patient_id, outcome,
      status, detail, prev_hash, hash)
    values (v_chain, v_seq, (e->>'at')::timestamptz, (e->>'user_id')::integer,
      (e->>'session_id')::integer, e->>'access_level', (e->>'organisation_id')::integer,
      (e->>'network_id')::integer, e->>'client_ip', e->>'user_agent', e->>'action',
      e->>'resource_type', e->>'resource_id', (e->>'patient_id')::integer, e->>'outcome',
      (e->>'status')::integer, coalesce(e->'detail', '{}'::jsonb), v_prev, v_hash);
    update audit_chains set head_seq = v_seq, head_hash = v_hash where chain = v_chain;
  end loop;
end
$fn$;

-- Audit events are never changed, and removed only by retention (audit_expire below).
create function audit_events_immutable() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'DELETE' and current_setting('pando.audit_expiry', true) = 'on' then
    return old;
  end if;
  raise exception 'audit events cannot be changed or removed (%)', tg_op;
end
$fn$;
create trigger audit_events_immutable before update or delete on audit_events
  for each row execute function audit_events_immutable();
create trigger audit_events_no_truncate before truncate on audit_events
  for each statement execute function audit_events_immutable();

-- Retention (AUDIT_RETENTION_DAYS): removes, per chain, the whole run of events before the first
-- one at or after p_before, and keeps the last removed event's seq and hash as the chain's base,
-- so the rest still verifies. Returns the number of events removed.
create function audit_expire(p_before timestamptz) returns bigint language plpgsql as $fn$
declare
  c record;
  v_cut bigint;
  v_hash text;
  v_at timestamptz;
  v_removed bigint := 0;
  v_n bigint;
begin
  perform set_config('pando.audit_expiry', 'on', true);
  for c in select chain, head_seq, base_seq from audit_chains order by chain for update loop
    select coalesce(min(seq), c.head_seq + 1) - 1 into v_cut
      from audit_events where chain = c.chain and at >= p_before;
    if v_cut > c.base_seq then
      select hash, at into v_hash, v_at from audit_events where chain = c.chain and seq = v_cut;
      delete from audit_events where chain = c.chain and seq <= v_cut;
      get diagnostics v_n = row_count;
      v_removed := v_removed + v_n;
      update audit_chains set base_seq = v_cut, base_hash = v_hash, base_at = v_at
        where chain = c.chain;
    end if;
  end loop;
  perform set_config('pando.audit_expiry', 'off', true);
  return v_removed;
end
$fn$;
