-- The archive write of ONE chat message (the common case at rest: a batch of one), with plain
-- scalar parameters. Measured on PGlite against chat_insert_batch for one message: ~0.2 ms less
-- CPU per message (no unnest, no CTE materialisation). Same effects as chat_insert_batch:
-- archive row, inbox rows (p_box_unread 0 = the sender's own reset to 0, otherwise added), one
-- message_sent analytics event for a user's message. Returns null for a duplicate
-- (sender, client id). Caller: apps/server/src/xmpp/store.ts insertBatch.
create or replace function chat_insert_one(
  p_sender text, p_recipient text, p_conv text, p_kind text, p_client_id text,
  p_created_at timestamptz, p_stanza text, p_sender_uuid uuid,
  p_box_owner text[], p_box_conv text[], p_box_unread int[], p_analytics bool
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
  if p_analytics and p_sender_uuid is not null then
    insert into analytics_events (type, occurred_at, user_id, hospital_id, network_id, role,
      team_id, advice_id, forum_id, has_patient, has_image)
    select 'message_sent', p_created_at, u.id, u.hospital_id, h.network_id, u.role_description,
      case when t.id is not null and not (t.discoverable and t.auto_accept) then t.id else ac.team_id end,
      ac.id,
      case when t.discoverable and t.auto_accept then t.id end,
      p_stanza like '%<subject>json/card</subject>%',
      p_stanza like '%<subject>image%'
    from users u
    left join hospitals h on h.id = u.hospital_id
    left join teams t on p_kind = 'groupchat' and t.mim_id = p_recipient
    left join advice_conversations ac on p_kind = 'groupchat' and ac.mim_id = p_recipient
    where u.uuid = p_sender_uuid;
  end if;
  return v_id;
end
$fn$;
