import { auditChange } from '../audit/hooks.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bumpVersion,
  clearValues,
  FormTemplateSchema,
  FormTemplatesResponseSchema,
  IdParamSchema,
  NoQuerySchema,
  templateChanged,
  TemplateLookupQuerySchema,
  TemplateSaveResponseSchema,
  type FormTemplate,
  templateTitleTaken,
} from '@pando/domain';
import { callerOf, loaded, scoped, SELF } from '../authz/access.js';
import { notFound, fromApiError } from '../http/errors.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { lockAtVersion, versionOf } from '../http/versions.js';
import { TEMPLATE_COLUMNS, type TemplateRecord, VISIBLE_TEMPLATE } from './access.js';
import { registerSubmitRoutes } from './submit.js';
import { registerStructuredFileRoutes } from './files.js';
import { createUploadStore } from '../uploads/routes.js';
import type { UploadStore } from '../uploads/store.js';

const asTemplate = (t: TemplateRecord) =>
  ({ ...t, modified_at: t.modified_at.toISOString() }) as unknown as FormTemplate;

/** A save that would give two templates one title and version (the table's unique key). */
const taken = () => fromApiError(templateTitleTaken());

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * Smart-form templates (spec 02 §7 "Structured forms", issue 20), under /api/v4; bearer token or
 * session. Templates are stored whole (controls and export options as their wire JSON, values
 * left out); a save that changes one bumps its version in place, so a form filled on an older
 * version finds it superseded (domain `lookupTemplate`).
 */
export default function formRoutes(
  app: FastifyInstance,
  opts: { store?: UploadStore },
  done: (err?: Error) => void,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Own templates and those of the caller's organisation, by title. */
  r.get(
    '/structured/templates',
    {
      schema: {
        querystring: NoQuerySchema,
        response: { 200: FormTemplatesResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req) => {
      const { user } = callerOf(req);
      const rows = await app.db.query<TemplateRecord>(
        `select ${TEMPLATE_COLUMNS} from form_templates where ${VISIBLE_TEMPLATE}
          order by lower(title), id`,
        [user.id, user.hospital_id],
      );
      return { results: rows.rows.map(asTemplate) };
    },
  );

  /** By title (case and surrounding spaces ignored) and exact version; 404 otherwise. */
  r.get(
    '/structured/template',
    {
      schema: {
        querystring: TemplateLookupQuerySchema,
        response: { 200: FormTemplateSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req) => {
      const { user } = callerOf(req);
      const found = await app.db.query<TemplateRecord>(
        `select ${TEMPLATE_COLUMNS} from form_templates
          where ${VISIBLE_TEMPLATE} and lower(trim(title)) = lower(trim($3)) and version = $4
          limit 1`,
        [user.id, user.hospital_id, req.query.name, req.query.version],
      );
      const template = found.rows[0];
      if (!template) throw notFound('Template');
      return asTemplate(template);
    },
  );

  /**
   * Saves a template: id 0 creates one (owned by the caller, in their organisation, at the
   * version sent, '1.0' by default); an existing one (its owner only) is updated and its version
   * bumped when anything but values changed. Values are never stored.
   */
  r.post(
    '/structured/template/:id',
    {
      schema: {
        params: IdParamSchema,
        body: FormTemplateSchema,
        response: { 200: TemplateSaveResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('template:owner') },
    },
    async (req) => {
      const { user } = callerOf(req);
      const stored = loaded(req, 'template');
      const t = { ...req.body, controls: clearValues(req.body.controls) };
      const now = app.config.now();
      try {
        if (!stored) {
          const ins = await app.db.query<{ id: number }>(
            `insert into form_templates (title, description, author, version, created_by_id, trust_id, flags, controls, export_options, created_at, modified_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
            [
              t.title,
              t.description,
              t.author,
              t.version,
              user.id,
              user.hospital_id,
              JSON.stringify(t.flags),
              JSON.stringify(t.controls),
              JSON.stringify(t.export_options),
              now,
            ],
          );
          return {
            status: 'ok' as const,
            version: t.version,
            template_id: ins.rows[0]?.id,
            error: null,
          };
        }
        if (!templateChanged(asTemplate(stored), t))
          return {
            status: 'ok' as const,
            version: stored.version,
            template_id: stored.id,
            error: null,
          };
        const version = bumpVersion(stored.version);
        await app.db.transaction(async (tx) => {
          // A save made on a stale copy is refused (issue 35, src/http/versions.ts).
          const at = await lockAtVersion(
            tx,
            'form_templates',
            stored.id,
            versionOf(req, req.body.modified_at),
            now,
          );
          await tx.query(
            `update form_templates set title = $2, description = $3, author = $4, version = $5,
                    flags = $6, controls = $7, export_options = $8, modified_at = $9
              where id = $1`,
            [
              stored.id,
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
        });
        return { status: 'ok' as const, version, template_id: stored.id, error: null };
      } catch (err) {
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
    },
  );

  /** Owner only (`TEXTS.notOwnerDelete`); kept as deleted. */
  r.delete(
    '/structured/template/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: NoQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('template:owner'),
        audit: { action: 'template.delete', resource: 'form_template', change: true },
      },
    },
    async (req, reply) => {
      const template = loaded(req, 'template');
      if (!template) throw notFound('Template');
      await app.db.transaction(async (tx) => {
        await tx.query('update form_templates set deleted = true, modified_at = $2 where id = $1', [
          template.id,
          app.config.now(),
        ]);
        await auditChange(req, tx, { detail: { title: template.title } });
      });
      return reply.code(204).send(null);
    },
  );

  registerSubmitRoutes(app);
  registerStructuredFileRoutes(app, opts.store ?? createUploadStore(app.config.dataDir));
  done();
}
