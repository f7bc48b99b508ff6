-- Chat messages reach analytics off the per-message commit (issues 15 and 23). Until now the
-- archive write (0102, 0103) inserted a message_sent event for every stored message, so every
-- chat commit ran the rollup triggers of 0400-0402 (about 3 ms of a ~4 ms commit on PGlite).
-- Now the archive write stores the message and its inbox rows only, and a catch-up
-- (src/analytics/chatRollup.ts, every second and before every analytics read) copies the archive
-- rows past a watermark into analytics_events in ONE statement, so the statement-level rollup
-- trigger runs once per catch-up, and moves the watermark in the same transaction: each message
-- is counted exactly once, also across a crash (apps/server/README.md "Analytics at scale").

-- The last archive id whose message_sent event is recorded (one row). The messages already
-- archived were counted by the old functions (or, the demo seed's history, on purpose not).
create table chat_analytics_watermark (
  only_row boolean primary key default true check (only_row),
  last_id bigint not null
);
insert into chat_analytics_watermark (last_id) select coalesce(max(id), 0) from chat_messages;

drop function chat_insert_batch(text[], text[], text[], text[], text[], timestamptz[], text[],
  uuid[], text[], text[], int[], int[], bool[], bool);
drop function chat_insert_one(text, text, text, text, text, timestamptz, text, uuid, text[],
  text[], int[], bool);

-- 0102 without the analytics event (and so without the sender's uuid).
create function chat_insert_batch(
  p_sender text[], p_recipient text[], p_conv text[], p_kind text[], p_client_id text[],
  p_created_at timestamptz[], p_stanza text[],
  p_box_owner text[], p_box_conv text[], p_box_ord int[], p_box_unread int[], p_box_reset bool[]
) returns table (out_id text, out_ord int) language plpgsql as $fn$
#variable_conflict use_column
begin
  return query
  with rows as (
    select * from unnest(p_sender, p_recipient, p_conv, p_kind, p_client_id, p_created_at, p_stanza)
      with ordinality as r(sender, recipient, conv, kind, client_id, created_at, stanza, ord)
  ), ins as (
    insert into chat_messages (sender, recipient, conv, kind, client_id, created_at, stanza)
    select r.sender, r.recipient, r.conv, r.kind, r.client_id, r.created_at, r.stanza from rows r order by r.ord
    on conflict (sender, client_id) do nothing
    returning chat_messages.id, chat_messages.sender, chat_messages.client_id
  ), deltas as (
    select d.owner, d.conv_jid, d.unread, d.reset, ins.id as last_id, rows.created_at
    from unnest(p_box_owner, p_box_conv, p_box_ord, p_box_unread, p_box_reset) as d(owner, conv_jid, last_ord, unread, reset)
    join rows on rows.ord = d.last_ord
    join ins on ins.sender = rows.sender and ins.client_id = rows.client_id
  ), reset_box as (
    insert into chat_inbox as b (owner, conv_jid, last_message_id, unread, updated_at)
    select x.owner, x.conv_jid, x.last_id, x.unread, x.created_at from deltas x where x.reset
    on conflict (owner, conv_jid) do update set last_message_id = excluded.last_message_id,
      unread = excluded.unread, updated_at = excluded.updated_at
    returning 1
  ), add_box as (
    insert into chat_inbox as b (owner, conv_jid, last_message_id, unread, updated_at)
    select x.owner, x.conv_jid, x.last_id, x.unread, x.created_at from deltas x where not x.reset
    on conflict (owner, conv_jid) do update set last_message_id = excluded.last_message_id,
      unread = b.unread + excluded.unread, updated_at = excluded.updated_at
    returning 1
  )
  select ins.id::text, rows.ord::int
  from ins join rows on rows.sender = ins.sender and rows.client_id = ins.client_id;
end
$fn$;

-- 0103 without the analytics event.
create function chat_insert_one(
  p_sender text, p_recipient text, p_conv text, p_kind text, p_client_id text,
  p_created_at timestamptz, p_stanza text,
  p_box_owner text[], p_box_conv text[], p_box_unread int[]
) returns bigint language plpgsql as $fn$
declare
  v_id bigint;
begin
  insert into chat_messages (sender, recipient, conv, kind, client_id, created_at, stanza)
  values (p_sender, p_recipient, p_conv, p_kind, p_client_id, p_created_at, p_stanza)
  on conflict (sender, client_id) do nothing
  returning id into v_id;
  if v_id is null then return null; end if;
  insert into chat_inbox as b (owner, conv_jid, last_message_id, unread, updated_at)
  select d.owner, d.conv_jid, v_id, d.unread, p_created_at
  from unnest(p_box_owner, p_box_conv, p_box_unread) as d(owner, conv_jid, unread)
  on conflict (owner, conv_jid) do update set last_message_id = excluded.last_message_id,
    unread = case when excluded.unread = 0 then 0 else b.unread + excluded.unread end,
    updated_at = excluded.updated_at;
  return v_id;
end
$fn$;

-- One step of the catch-up: the message_sent events of at most p_max archive rows past the
-- watermark and up to p_upto (an id below which no write is still in flight: the caller's
-- horizon), in one insert; then the watermark moves to the last row taken (or to p_upto when
-- none was left). Returns the new watermark. The watermark row is locked first, so catch-ups of
-- several server processes take turns. The event is the one 0102 wrote (spec 02 §7: the sender,
-- team, advice and forum ids, has_patient, has_image; organisation, network and role copied now);
-- system lines (sender 'system') are not a person's message and record none.
create function chat_analytics_catch_up(p_upto bigint, p_max int) returns bigint
language plpgsql as $fn$
declare
  v_from bigint;
  v_to bigint;
begin
  select last_id into v_from from chat_analytics_watermark for update;
  if v_from >= p_upto then return v_from; end if;
  select max(s.id) into v_to from (
    select m.id from chat_messages m where m.id > v_from and m.id <= p_upto order by m.id limit p_max
  ) s;
  if v_to is null then
    v_to := p_upto;
  else
    insert into analytics_events (type, occurred_at, user_id, hospital_id, network_id, role,
      team_id, advice_id, forum_id, has_patient, has_image)
    select 'message_sent', m.created_at, u.id, u.hospital_id, h.network_id, u.role_description,
      case when t.id is not null and not (t.discoverable and t.auto_accept) then t.id else ac.team_id end,
      ac.id,
      case when t.discoverable and t.auto_accept then t.id end,
      m.stanza like '%<subject>json/card</subject>%',
      m.stanza like '%<subject>image%'
    from chat_messages m
    join users u on u.uuid = (case when m.sender ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                   then m.sender::uuid end)
    left join hospitals h on h.id = u.hospital_id
    left join teams t on m.kind = 'groupchat' and t.mim_id = m.recipient
    left join advice_conversations ac on m.kind = 'groupchat' and ac.mim_id = m.recipient
    where m.id > v_from and m.id <= v_to
    order by m.id;
  end if;
  update chat_analytics_watermark set last_id = v_to;
  return v_to;
end
$fn$;
