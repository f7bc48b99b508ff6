import type { FormTemplate } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { UserRecord } from '../users/repo.js';
import { TEMPLATE_COLUMNS, type TemplateRecord, VISIBLE_TEMPLATE } from './access.js';

/**
 * SQL of the smart-form templates and structured files (forms/templateRoutes.ts, forms/files.ts).
 * Who sees a template or file (`visibleTemplate`, the guards) is in access.ts.
 */

/** The stored fields of a template as saved (values already cleared). */
export type TemplateFields = Pick<
  FormTemplate,
  'title' | 'description' | 'author' | 'version' | 'flags' | 'controls' | 'export_options'
>;

/** The templates the caller sees (VISIBLE_TEMPLATE), by title (case ignored), then id. */
export async function listVisibleTemplates(
  db: DatabaseTx,
  caller: UserRecord,
): Promise<TemplateRecord[]> {
  const rows = await db.query<TemplateRecord>(
    `select ${TEMPLATE_COLUMNS} from form_templates where ${VISIBLE_TEMPLATE}
          order by lower(title), id`,
    [caller.id, caller.hospital_id],
  );
  return rows.rows;
}

/** A template the caller sees by title (case and surrounding spaces ignored) and exact version. */
export async function findVisibleTemplateByTitle(
  db: DatabaseTx,
  caller: UserRecord,
  name: string,
  version: string,
): Promise<TemplateRecord | undefined> {
  const found = await db.query<TemplateRecord>(
    `select ${TEMPLATE_COLUMNS} from form_templates
          where ${VISIBLE_TEMPLATE} and lower(trim(title)) = lower(trim($3)) and version = $4
          limit 1`,
    [caller.id, caller.hospital_id, name, version],
  );
  return found.rows[0];
}

/** A new template owned by `owner`, in their organisation, at the version sent; its id. */
export async function insertTemplate(
  tx: DatabaseTx,
  owner: UserRecord,
  t: TemplateFields,
  now: Date,
): Promise<number | undefined> {
  const ins = await tx.query<{ id: number }>(
    `insert into form_templates (title, description, author, version, created_by_id, trust_id, flags, controls, export_options, created_at, modified_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
    [
      t.title,
      t.description,
      t.author,
      t.version,
      owner.id,
      owner.hospital_id,
      JSON.stringify(t.flags),
      JSON.stringify(t.controls),
      JSON.stringify(t.export_options),
      now,
    ],
  );
  return ins.rows[0]?.id;
}

/** Overwrites a template's fields at `version` (the caller has locked it at its version). */
export async function updateTemplate(
  tx: DatabaseTx,
  id: number,
  t: TemplateFields,
  version: string,
  at: Date,
): Promise<void> {
  await tx.query(
    `update form_templates set title = $2, description = $3, author = $4, version = $5,
                    flags = $6, controls = $7, export_options = $8, modified_at = $9
              where id = $1`,
    [
      id,
      t.title,
      t.description,
      t.author,
      version,
      JSON.stringify(t.flags),
      JSON.stringify(t.controls),
      JSON.stringify(t.export_options),
      at,
    ],
  );
}

/** Keeps a template as deleted. */
export async function markTemplateDeleted(tx: DatabaseTx, id: number, now: Date): Promise<void> {
  await tx.query('update form_templates set deleted = true, modified_at = $2 where id = $1', [
    id,
    now,
  ]);
}

export interface NewStructuredFile {
  guid: string;
  filename: string;
  contentType: string;
  size: number;
  uploaderId: number;
  now: Date;
}

/**
 * Records a structured file whose bytes live in the upload store under its guid. The rows it
 * inserted (the one file).
 */
export async function insertStructuredFile(
  tx: DatabaseTx,
  file: NewStructuredFile,
): Promise<{ file_guid: string }[]> {
  // Bytes live in the upload store; the legacy bytea column stays empty.
  const row = await tx.query<{ file_guid: string }>(
    `insert into structured_files (file_guid, filename, content_type, size, data, uploader_id, created_at)
             values ($1, $2, $3, $4, '\\x'::bytea, $5, $6) returning file_guid::text as file_guid`,
    [file.guid, file.filename, file.contentType, file.size, file.uploaderId, file.now],
  );
  return row.rows;
}

/** Keeps a structured file as deleted (a submitted form may still name its guid). */
export async function markStructuredFileDeleted(tx: DatabaseTx, id: number): Promise<void> {
  await tx.query('update structured_files set deleted = true where id = $1', [id]);
}

/**
 * Up to 50 patients of the organisation whose `field` equals `value` (forms/submit.ts). Identifiers
 * compare without spaces and case, as their uniqueness does; dates as text; names ignore case.
 * `field` is one of the lookup's fixed columns (the route's schema), never free text.
 */
export async function patientIdsMatching(
  db: DatabaseTx,
  hospitalId: number | null,
  field: string,
  value: string,
): Promise<number[]> {
  const match =
    field === 'patient_identificator'
      ? `lower(regexp_replace(p.patient_identificator, '\\s', '', 'g')) = lower(regexp_replace($2, '\\s', '', 'g'))`
      : field === 'dob'
        ? `p.dob::text = $2`
        : `lower(p.${field}) = lower($2)`;
  const candidates = await db.query<{ id: number }>(
    `select p.id from patients p where p.hospital_id = $1 and ${match} order by p.id limit 50`,
    [hospitalId, value],
  );
  return candidates.rows.map((r) => r.id);
}

/** Stores a submitted form (its values and the patient it named); the new row's id, if any. */
export async function insertSubmission(
  tx: DatabaseTx,
  s: {
    templateId: number;
    userId: number;
    values: { id: string; value: unknown }[];
    patient: Record<string, unknown> | null;
    confirmed: boolean;
    at: Date;
  },
): Promise<number | null> {
  const ins = await tx.query<{ id: number }>(
    `insert into form_submissions (template_id, submitted_by_id, values, patient_data, status, confirmed, created_at)
           values ($1, $2, $3, $4, 'ok', $5, $6) returning id`,
    [
      s.templateId,
      s.userId,
      JSON.stringify(s.values),
      s.patient ? JSON.stringify(s.patient) : null,
      s.confirmed,
      s.at,
    ],
  );
  return ins.rows[0]?.id ?? null;
}
