import { auditChange } from '../audit/hooks.js';
import type { FastifyInstance } from 'fastify';
import {
  bumpVersion,
  clearValues,
  formsEndpoints,
  templateChanged,
  type FormTemplate,
  templateTitleTaken,
} from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { notFound, fromApiError } from '../http/errors.js';
import { lockAtVersion, versionOf } from '../http/versions.js';
import type { TemplateRecord } from './access.js';
import {
  findVisibleTemplateByTitle,
  insertTemplate,
  listVisibleTemplates,
  markTemplateDeleted,
  updateTemplate,
} from './repo.js';

const asTemplate = (t: TemplateRecord) =>
  ({ ...t, modified_at: t.modified_at.toISOString() }) as unknown as FormTemplate;

/** A save that would give two templates one title and version (the table's unique key). */
const taken = () => fromApiError(templateTitleTaken());

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * Smart-form templates (spec 02 §7 "Structured forms", issue 20): the caller's list, one by
 * title and version, save (create or update) and delete.
 */
export function registerTemplateRoutes(app: FastifyInstance): void {
  const e = formsEndpoints;

  /** Own templates and those of the caller's organisation, by title. */
  route(app, e.templates, async (req) => {
    const { user } = callerOf(req);
    const rows = await listVisibleTemplates(app.db, user);
    return { results: rows.map(asTemplate) };
  });

  /** By title (case and surrounding spaces ignored) and exact version; 404 otherwise. */
  route(app, e.template, async (req) => {
    const { user } = callerOf(req);
    const template = await findVisibleTemplateByTitle(
      app.db,
      user,
      req.query.name,
      req.query.version,
    );
    if (!template) throw notFound('Template');
    return asTemplate(template);
  });

  /**
   * Saves a template: id 0 creates one (owned by the caller, in their organisation, at the
   * version sent, '1.0' by default); an existing one (its owner only) is updated and its version
   * bumped when anything but values changed. Values are never stored.
   */
  route(app, e.saveTemplate, async (req) => {
    const { user } = callerOf(req);
    const stored = loaded(req, 'template');
    const t = { ...req.body, controls: clearValues(req.body.controls) };
    const now = app.config.now();
    try {
      if (!stored) {
        const id = await insertTemplate(app.db, user, t, now);
        return { status: 'ok' as const, version: t.version, template_id: id, error: null };
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
        await updateTemplate(tx, stored.id, t, version, at);
      });
      return { status: 'ok' as const, version, template_id: stored.id, error: null };
    } catch (err) {
      if (isUniqueViolation(err)) throw taken();
      throw err;
    }
  });

  /** Owner only (`TEXTS.notOwnerDelete`); kept as deleted. */
  route(
    app,
    e.deleteTemplate,
    async (req, reply) => {
      const template = loaded(req, 'template');
      if (!template) throw notFound('Template');
      await app.db.transaction(async (tx) => {
        await markTemplateDeleted(tx, template.id, app.config.now());
        await auditChange(req, tx, { detail: { title: template.title } });
      });
      return reply.code(204).send(null);
    },
    { audit: { action: 'template.delete', resource: 'form_template', change: true } },
  );
}
