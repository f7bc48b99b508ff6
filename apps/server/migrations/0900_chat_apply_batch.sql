-- The embedded server's chat journal (issue 23, src/xmpp/journal.ts): a message is acknowledged
-- once its record is synced to DATA_DIR's journal, and the archive id is assigned by the server
-- before that. The applier then stores whole journal batches here, ids included, in id order and
-- in one statement, so max(id) is how far the journal has been applied. The sequence is moved
-- past the batch so any later insert without an id (the demo seed) never reuses one.
-- A resend of a stored (sender, client id) is skipped, with its inbox deltas, as in 0500.
create function chat_apply_batch(
  p_id bigint[], p_sender text[], p_recipient text[], p_conv text[], p_kind text[],
  p_client_id text[], p_created_at timestamptz[], p_stanza text[],
  p_box_owner text[], p_box_conv text[], p_box_ord int[], p_box_unread int[], p_box_reset bool[]
) returns int language plpgsql as $fn$
#variable_conflict use_column
declare
  v_n int;
begin
  with rows as (
    select * from unnest(p_id, p_sender, p_recipient, p_conv, p_kind, p_client_id, p_created_at, p_stanza)
      with ordinality as r(id, sender, recipient, conv, kind, client_id, created_at, stanza, ord)
  ), ins as (
    insert into chat_messages (id, sender, recipient, conv, kind, client_id, created_at, stanza)
    select r.id, r.sender, r.recipient, r.conv, r.kind, r.client_id, r.created_at, r.stanza from rows r order by r.ord
    on conflict (sender, client_id) do nothing
    returning chat_messages.id
  ), deltas as (
    select d.owner, d.conv_jid, d.unread, d.reset, rows.id as last_id, rows.created_at
    from unnest(p_box_owner, p_box_conv, p_box_ord, p_box_unread, p_box_reset) as d(owner, conv_jid, last_ord, unread, reset)
    join rows on rows.ord = d.last_ord
    join ins on ins.id = rows.id
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
  select count(*) into v_n from ins;
  perform setval('chat_messages_id_seq', greatest(
    (select last_value from chat_messages_id_seq), (select max(x) from unnest(p_id) x)));
  return v_n;
end
$fn$;
