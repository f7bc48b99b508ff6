import type { DatabaseTx } from '../db/client.js';
import { TEXTS } from '@pando/domain';
import { HttpError } from '../http/errors.js';
import type { UserRecord } from '../users/repo.js';

export type ResourceType = 'image' | 'file';
export type ShareTarget = 'user' | 'team' | 'advice_conversation';

/**
 * Only the uploader and the people it was shared with may read: a user share names the person;
 * a team share means the team's current members; an advice share means the conversation's
 * requestor and the advice team's current members. Leaving a team ends access.
 */
async function canReadShared(
  db: DatabaseTx,
  viewer: UserRecord,
  resource: { type: ResourceType; id: number; uploaderId: number | null },
): Promise<boolean> {
  if (resource.uploaderId === viewer.id) return true;
  const r = await db.query<{ ok: boolean }>(
    `select exists(
       select 1 from shares s
        where s.resource_type = $1 and s.resource_id = $2 and (
          (s.target_type = 'user' and s.target_id = $3)
          or (s.target_type = 'team' and exists(select 1 from team_members m where m.team_id = s.target_id and m.user_id = $3))
          or (s.target_type = 'advice_conversation' and exists(
                select 1 from advice_conversations ac where ac.id = s.target_id
                   and (ac.requestor_id = $3 or exists(select 1 from team_members m where m.team_id = ac.team_id and m.user_id = $3))))
        )) as ok`,
    [resource.type, resource.id, viewer.id],
  );
  return r.rows[0]?.ok === true;
}

/**
 * Whether the sharer may share into a target: a person of their network, a team they belong to,
 * an advice conversation they take part in. Anything else looks like a missing target.
 */
export async function canShareTo(
  db: DatabaseTx,
  sharer: UserRecord,
  target: ShareTarget,
  id: number,
): Promise<boolean> {
  if (target === 'advice_conversation') return (await adviceShareFacts(db, sharer, id)).participant;
  const r =
    target === 'user'
      ? await db.query<{ ok: boolean }>(
          `select exists(select 1 from users u left join hospitals h on h.id = u.hospital_id
             where u.id = $1 and not u.blocked and (u.hospital_id = $2::int or ($3::int is not null and h.network_id = $3))) as ok`,
          [id, sharer.hospital_id, sharer.network_id],
        )
      : await db.query<{ ok: boolean }>(
          `select exists(select 1 from team_members m join teams t on t.id = m.team_id
             where m.team_id = $2 and m.user_id = $1 and t.deleted_at is null) as ok`,
          [sharer.id, id],
        );
  return r.rows[0]?.ok === true;
}

/**
 * An advice conversation as a share target: whether the sharer takes part in it (its requester
 * or a member of its team), and whether both sides closed it (read-only: the domain's
 * `adviceWriteRefusal`). A conversation that does not exist is neither.
 */
export async function adviceShareFacts(
  db: DatabaseTx,
  sharer: UserRecord,
  id: number,
): Promise<{ participant: boolean; closed: boolean }> {
  const r = await db.query<{ participant: boolean; closed: boolean }>(
    `select (ac.requestor_id = $1 or exists(select 1 from team_members m where m.team_id = ac.team_id and m.user_id = $1)) as participant,
            (ac.requestor_resolved and ac.public_team_resolved) as closed
       from advice_conversations ac where ac.id = $2`,
    [sharer.id, id],
  );
  const row = r.rows[0];
  return { participant: row?.participant === true, closed: row?.closed === true };
}

export async function addShare(
  db: DatabaseTx,
  resource: { type: ResourceType; id: number },
  target: ShareTarget,
  targetId: number,
  sharerId: number,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into shares (resource_type, resource_id, target_type, target_id, access_type, shared_by_id, created_at)
     values ($1, $2, $3, $4, 'READ', $5, $6) on conflict do nothing`,
    [resource.type, resource.id, target, targetId, sharerId, now],
  );
}

export const forbiddenRead = () => new HttpError(403, TEXTS.forbidden);

/** A chat image record (the bytes are in the upload store under `image_key`). */
export interface ChatImageRecord {
  id: number;
  image_key: string;
  uploader_id: number | null;
  filename: string | null;
  content_type: string | null;
  title: string | null;
  created_at: Date;
  modified_at: Date;
}

export const CHAT_IMAGE_COLUMNS =
  'id, image_key::text as image_key, uploader_id, filename, content_type, title, created_at, modified_at';

export async function findChatImage(
  db: DatabaseTx,
  id: number,
): Promise<ChatImageRecord | undefined> {
  const r = await db.query<ChatImageRecord>(
    `select ${CHAT_IMAGE_COLUMNS} from images where id = $1 and kind = 'chat' and not deleted`,
    [id],
  );
  return r.rows[0];
}

/** A stored file (the bytes are in the upload store under `uuid`). */
export interface StoredFileRecord {
  id: number;
  uuid: string;
  filename: string;
  content_type: string;
  uploader_id: number | null;
}

export async function findStoredFile(
  db: DatabaseTx,
  id: number,
): Promise<StoredFileRecord | undefined> {
  const r = await db.query<StoredFileRecord>(
    'select id, uuid::text as uuid, filename, content_type, uploader_id from files where id = $1',
    [id],
  );
  return r.rows[0];
}

/** canReadShared, refusing with 403 (the id exists; whether it may be read is the question). */
export async function readableShared(
  db: DatabaseTx,
  viewer: UserRecord,
  resource: { type: ResourceType; id: number; uploader_id: number | null },
): Promise<void> {
  const ok = await canReadShared(db, viewer, {
    type: resource.type,
    id: resource.id,
    uploaderId: resource.uploader_id,
  });
  if (!ok) throw forbiddenRead();
}
