-- The chat analytics catch-up (0500) looks the sender, the room's team and the advice
-- conversation of each archived message up by their unique indexes (issue 15). 0500's joins let
-- the planner hash-join the step's rows against the whole users table: with a generic plan for
-- the step's id range (PL/pgSQL caches one) it read every person on each step, 5,000 in the chat
-- benchmark, 100,000 in a large network, while a step takes at most 100 messages. Each lookup is
-- a LIMIT 1 lateral subquery (the values are unique), which the planner keeps as an index scan
-- per row. Behaviour unchanged (src/analytics/README.md).
create or replace function chat_analytics_catch_up(p_upto bigint, p_max int) returns bigint
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
    cross join lateral (
      select u.id, u.hospital_id, u.role_description from users u
       where u.uuid = (case when m.sender ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                            then m.sender::uuid end)
       limit 1
    ) u
    left join lateral (select h.network_id from hospitals h where h.id = u.hospital_id limit 1) h on true
    left join lateral (
      select t.id, t.discoverable, t.auto_accept from teams t
       where m.kind = 'groupchat' and t.mim_id = m.recipient limit 1
    ) t on true
    left join lateral (
      select ac.id, ac.team_id from advice_conversations ac
       where m.kind = 'groupchat' and ac.mim_id = m.recipient limit 1
    ) ac on true
    where m.id > v_from and m.id <= v_to
    order by m.id;
  end if;
  update chat_analytics_watermark set last_id = v_to;
  return v_to;
end
$fn$;
