import type { FastifyRequest } from 'fastify';
import { canEditTemplate, deleteTemplateError } from '@pando/domain';
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
}

export interface FormScopedResources {
  /** The template of the URL, or null for `POST /structured/template/0` (a new one). */
  template: TemplateRecord | null;
}

declare module '../authz/access.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the guards' result type
  interface ScopedResources extends FormScopedResources {}
}

export const TEMPLATE_COLUMNS =
  'id, title, description, author, version, created_by_id, trust_id, deleted, flags, controls, export_options';

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
            'Only the owner can change this template.',
        );
      return { template };
    },
  },
};
