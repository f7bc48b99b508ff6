-- Chat archive, inbox, MUC Light rooms and last activity (apps/server/src/xmpp).
-- Keep apps/server/src/db/schema/chat.ts in step.

-- One row per message, archived before it is acknowledged or routed. `id` is the MAM/stanza id
-- (archive order); `conv` is 'u:{uuidA}:{uuidB}' (sorted) for 1:1 and 'r:{mim_id}' for rooms.
create table chat_messages (
  id bigserial primary key,
  sender text not null,
  recipient text not null,
  conv text not null,
  kind text not null check (kind in ('chat', 'groupchat')),
  client_id text not null,
  created_at timestamptz not null default now(),
  stanza text not null,
  -- A resend of the same client message id by the same sender is stored once.
  constraint chat_messages_sender_client_id_key unique (sender, client_id)
);
create index chat_messages_conv_idx on chat_messages (conv, id);
create index chat_messages_sender_idx on chat_messages (sender, id) where kind = 'chat';
create index chat_messages_recipient_idx on chat_messages (recipient, id) where kind = 'chat';

-- MongooseIM-style inbox: one row per (owner, conversation) with the last message and unread count.
create table chat_inbox (
  owner text not null,
  conv_jid text not null,
  last_message_id bigint not null references chat_messages(id) on delete cascade,
  unread integer not null default 0 check (unread >= 0),
  updated_at timestamptz not null default now(),
  primary key (owner, conv_jid)
);
create index chat_inbox_owner_idx on chat_inbox (owner, updated_at desc);

-- MUC Light rooms (teams, forums, advice conversations), kept in step by the REST API.
create table chat_rooms (
  mim_id text primary key,
  version text not null,
  subject text not null default '',
  created_at timestamptz not null default now()
);

create table chat_room_members (
  mim_id text not null references chat_rooms(mim_id) on delete cascade,
  user_uuid text not null,
  created_at timestamptz not null default now(),
  primary key (mim_id, user_uuid)
);
create index chat_room_members_user_idx on chat_room_members (user_uuid);

-- Time of the last disconnect, for jabber:iq:last.
create table chat_last_activity (
  user_uuid text primary key,
  last_seen_at timestamptz not null
);
