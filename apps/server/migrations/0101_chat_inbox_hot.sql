-- The inbox row of a conversation changes with every message. Without an index on the columns
-- that change (and with room left on each page) PostgreSQL updates it in place (HOT), which
-- roughly halves the write-ahead log per message. The owner's rows are few, so sorting them by
-- updated_at needs no index; the archive is append-only, so the foreign key only cost lookups.
drop index if exists chat_inbox_owner_idx;
alter table chat_inbox drop constraint if exists chat_inbox_last_message_id_fkey;
alter table chat_inbox set (fillfactor = 50);
