-- Chat markers (urn:xmpp:chat-markers:0) kept with the archive (issue 35): the latest
-- `received` and `displayed` marker of each reader in each conversation, so a sender's own
-- messages show Delivered/Read again after a reload and on their other devices. A marker covers
-- every earlier message of the conversation, so the latest one per reader and type is all that
-- has to be kept (MongooseIM archives every marker as a MAM row; one row each keeps pages of 10
-- real messages). `conv` as chat_messages.conv; `archive_id` is the marked message's archive id,
-- so a marker for an older message never replaces a newer one. Written off the ack's path in
-- batches (src/xmpp/markers.ts); read with every MAM page of the conversation.
-- Keep apps/server/src/db/schema/chat.ts in step.
create table chat_markers (
  conv text not null,
  reader text not null,
  type text not null check (type in ('received', 'displayed')),
  message_id text not null,
  archive_id bigint not null,
  updated_at timestamptz not null,
  primary key (conv, reader, type)
);
