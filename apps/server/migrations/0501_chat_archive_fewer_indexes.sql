-- The archive row had five index entries per message (issue 23: the per-message cost). The two
-- partial indexes by sender and by recipient served only a MAM query without `with` (all of a
-- person's 1:1 messages), which the web client never sends; that query now reads the person's
-- 1:1 conversations from their inbox rows and each conversation's (conv, id) index
-- (src/xmpp/store.ts queryArchive). Left: the primary key, (sender, client_id) for idempotent
-- resends, and (conv, id) for every MAM page. Measured on PGlite, one message per commit: ~100–240
-- fewer bytes of write-ahead log per message (of ~1.45 KB).
drop index if exists chat_messages_sender_idx;
drop index if exists chat_messages_recipient_idx;
