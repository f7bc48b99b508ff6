import type { DatabaseTx } from '../db/client.js';
import { one } from '../teams/repo.js';
import { CHAT_IMAGE_COLUMNS, type ChatImageRecord } from './access.js';

/**
 * SQL of the chat images and files (POST /images/chat, PUT /images/chat/{id}, POST /files). Who
 * may read or share them, and the shares themselves, are in access.ts.
 */

/** A new chat image record without its bytes (`content_type` null until they are uploaded). */
export async function insertChatImage(
  tx: DatabaseTx,
  image: { key: string; uploaderId: number; now: Date },
): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `insert into images (image_key, kind, uploader_id, created_at, modified_at) values ($1, 'chat', $2, $3, $3) returning id`,
    [image.key, image.uploaderId, image.now],
  );
  return one(r.rows).id;
}

/**
 * Records the uploaded bytes of a chat image (name as filename and title, their type), only
 * while it has none: the check and the write are one statement, and the row stays locked until
 * `tx` ends, so of two uploads of one image exactly one gets the row. The rows it updated: the
 * one image, or none when it already has its bytes (or its id is gone).
 */
export async function setChatImageUpload(
  tx: DatabaseTx,
  image: { id: number; name: string; contentType: string; now: Date },
): Promise<ChatImageRecord[]> {
  const r = await tx.query<ChatImageRecord>(
    `update images set filename = $2, title = $2, content_type = $3, modified_at = $4
      where id = $1 and content_type is null
      returning ${CHAT_IMAGE_COLUMNS}`,
    [image.id, image.name, image.contentType, image.now],
  );
  return r.rows;
}

export interface NewFile {
  key: string;
  filename: string;
  size: number;
  contentType: string;
  uploaderId: number;
  now: Date;
}

/** Records a chat file whose bytes live in the upload store under `key`; its id. */
export async function insertFile(tx: DatabaseTx, file: NewFile): Promise<number> {
  // Bytes live in the upload store; the legacy bytea column stays empty.
  const r = await tx.query<{ id: number }>(
    `insert into files (uuid, filename, size, content_type, data, uploader_id, created_at)
             values ($1, $2, $3, $4, '\\x'::bytea, $5, $6) returning id`,
    [file.key, file.filename, file.size, file.contentType, file.uploaderId, file.now],
  );
  return one(r.rows).id;
}
