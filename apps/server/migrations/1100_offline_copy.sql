-- Issue 37: the web app's encrypted offline copy (IndexedDB: chat list, recent conversations,
-- assigned patient cards).
--
-- sessions.local_key: the AES-256 key of that copy, 32 random bytes, one per session, made at
-- the first GET /api/v4/login/offline-key (null until then). It lives and dies with its session
-- row: logout, "sign out everywhere", a block and expiry all delete the row, so the browser's
-- copy cannot be decrypted once the session is over.
alter table sessions add column local_key bytea
  constraint sessions_local_key_length check (local_key is null or octet_length(local_key) = 32);

-- hospitals.offline_patient_data: the organisation allows patient data in the offline copy (on by
-- default; an administrator turns it off with PATCH /api/v4/admin/organisations/{uuid}). A
-- constant default: PostgreSQL 11+ adds the column without rewriting the table.
alter table hospitals add column offline_patient_data boolean not null default true;
