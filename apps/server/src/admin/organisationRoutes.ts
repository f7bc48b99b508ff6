import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminListQuerySchema,
  adminPageOf,
  OrganisationSchema,
  OrganisationSettingsPatchSchema,
  PagerSchema,
  UuidSchema,
} from '@pando/domain';
import { auditChange } from '../audit/hooks.js';
import { loaded, scoped } from '../authz/access.js';
import { notFound } from '../http/errors.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import {
  findOrganisation,
  listOrganisations,
  listPagers,
  setOfflinePatientData,
} from './consoleRepo.js';

/** `/admin/organisations/{uuid}`: organisations are named by uuid in the console's calls. */
const OrganisationParamSchema = z.object({ uuid: UuidSchema });

/**
 * Organisations and pagers (lists of the caller's reach) of the admin console (spec 02 §7),
 * registered by the admin plugin (routes.ts).
 */
export function registerOrganisationRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/organisations',
    {
      schema: {
        querystring: AdminListQuerySchema,
        response: { 200: adminPageOf(OrganisationSchema), ...ERROR_RESPONSES },
      },
      config: { access: scoped('admin') },
    },
    async (req) => listOrganisations(app.db, loaded(req, 'reach'), req.query),
  );

  /**
   * An organisation's settings (issue 37): `offline_patient_data: false` keeps patient data out
   * of the web app's offline copy for its people (their `GET /login/offline-key` says so). For
   * the organisation's own admins, its network's and product admins; answered with the row as
   * the list shows it. The setting is one value set outright, so a change needs no version: two
   * admins setting it at once leave the last one's value, which is what that admin saw saved.
   */
  r.patch(
    '/admin/organisations/:uuid',
    {
      schema: {
        params: OrganisationParamSchema,
        body: OrganisationSettingsPatchSchema,
        response: { 200: OrganisationSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin:organisation'),
        audit: {
          action: 'admin.organisation.update',
          resource: 'organisation',
          change: true,
          // The uuid the URL names: a refused call is recorded with it too.
          id: { param: 'uuid' },
          body: ['offline_patient_data'],
        },
      },
    },
    async (req) => {
      const { id } = loaded(req, 'organisation');
      return app.db.transaction(async (tx) => {
        await setOfflinePatientData(tx, id, req.body.offline_patient_data, app.config.now());
        const organisation = await findOrganisation(tx, id);
        if (!organisation) throw notFound('Organisation');
        await auditChange(req, tx);
        return organisation;
      });
    },
  );

  r.get(
    '/admin/pagers',
    {
      schema: {
        querystring: AdminListQuerySchema,
        response: { 200: adminPageOf(PagerSchema), ...ERROR_RESPONSES },
      },
      config: { access: scoped('admin') },
    },
    async (req) => listPagers(app.db, loaded(req, 'reach'), req.query),
  );
}
