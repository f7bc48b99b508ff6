import type { FastifyRequest } from 'fastify';
import { canEditTemplate, deleteTemplateError, TEXTS } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import { HttpError, notFound } from '../http/errors.js';
import type { UserRecord } from '../users/repo.js';

/** A stored form template (spec 02 §3), as SQL returns it. */
export interface TemplateRecord {
  id: number;
  title: string;
  description: string;
  author: string;
  version: string;
  created_by_id: number | null;
  trust_id: number | null;
  deleted: boolean;
  flags: Record<string, boolean>;
  controls: unknown[];
  export_options: unknown[];
  /** Its version (issue 35): a save made on another is refused. */
  modified_at: Date;
}

/** A structured file (a form's file or image control); the bytes are in the upload store. */
export interface StructuredFileRecord {
  id: number;
  file_guid: string;
  filename: string;
  content_type: string;
  size: number;
  uploader_id: number | null;
  /** The organisation of the uploader (who may read it, with the uploader). */
  hospital_id: number | null;
}

interface FormScopedResources {
  /** The template of the URL, or null for `POST /structured/template/0` (a new one). */
  template: TemplateRecord | null;
  structuredFile: StructuredFileRecord;
}

declare module '../authz/access.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the guards' result type
  interface ScopedResources extends FormScopedResources {}
}

export const TEMPLATE_COLUMNS =
  'id, title, description, author, version, created_by_id, trust_id, deleted, flags, controls, export_options, modified_at';

/**
 * Who sees a template (decision, issue 20): its owner, and everyone of the organisation it was
 * made in (its `trust_id`): "public templates belong to others" (spec 02 §6). Deleted ones
 * nobody.
 */
export const VISIBLE_TEMPLATE = '(not deleted and (created_by_id = $1 or trust_id = $2))';

export async function visibleTemplate(
  db: DatabaseTx,
  caller: UserRecord,
  id: number,
): Promise<TemplateRecord | undefined> {
  const r = await db.query<TemplateRecord>(
    `select ${TEMPLATE_COLUMNS} from form_templates where id = $3 and ${VISIBLE_TEMPLATE}`,
    [caller.id, caller.hospital_id, id],
  );
  return r.rows[0];
}

const params = (req: FastifyRequest) => req.params as Record<string, number | undefined>;

/**
 * A structured file by its guid (not deleted), with its uploader's organisation. A guid that is
 * not a uuid names nothing.
 */
async function findStructuredFile(
  db: DatabaseTx,
  guid: string,
): Promise<StructuredFileRecord | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(guid))
    return undefined;
  const r = await db.query<StructuredFileRecord>(
    `select f.id, f.file_guid::text as file_guid, f.filename, f.content_type, f.size, f.uploader_id,
            u.hospital_id
       from structured_files f left join users u on u.id = f.uploader_id
      where f.file_guid = $1::uuid and not f.deleted`,
    [guid],
  );
  return r.rows[0];
}

/**
 * Who reads a structured file (decision, issue 20): its uploader and the people of the
 * uploader's organisation, as form templates are seen (VISIBLE_TEMPLATE): a submitted form is
 * read by the uploader's colleagues. Anyone else gets the 404 of a missing guid.
 */
async function readableStructuredFile(req: FastifyRequest, caller: UserRecord) {
  const guid = String((req.params as Record<string, unknown>).guid);
  const file = await findStructuredFile(req.server.db, guid);
  if (
    !file ||
    !(
      file.uploader_id === caller.id ||
      (file.hospital_id !== null && file.hospital_id === caller.hospital_id)
    )
  )
    throw notFound('File');
  return file;
}

/**
 * Only the creator edits or deletes a template (spec 02 §4, domain `canEditTemplate`); others of
 * its organisation see it and get 403, anyone else the 404 of a missing id. `POST` on id 0 saves
 * a new template.
 */
export const FORM_SCOPES = {
  'template:owner': {
    who: 'the template’s creator (id 0 on save: anyone, a new template of their own)',
    guard: async (req: FastifyRequest, caller: UserRecord) => {
      const id = Number(params(req).id);
      if (id === 0 && req.method === 'POST') return { template: null };
      const template = await visibleTemplate(req.server.db, caller, id);
      if (!template) throw notFound('Template');
      if (!canEditTemplate(template, caller.id))
        throw new HttpError(
          403,
          (req.method === 'DELETE' ? deleteTemplateError(template, caller.id) : null) ??
            TEXTS.templateOwnerOnly,
        );
      return { template };
    },
  },
  'structured-file:viewer': {
    who: 'the uploader of the structured file and the people of their organisation',
    guard: async (req: FastifyRequest, caller: UserRecord) => ({
      structuredFile: await readableStructuredFile(req, caller),
    }),
  },
  'structured-file:uploader': {
    who: 'the uploader of the structured file (colleagues who may read it get 403)',
    guard: async (req: FastifyRequest, caller: UserRecord) => {
      const file = await readableStructuredFile(req, caller);
      if (file.uploader_id !== caller.id)
        throw new HttpError(403, TEXTS.structuredFileUploaderOnly);
      return { structuredFile: file };
    },
  },
};
