import type { FastifyInstance } from 'fastify';
import { adminEndpoints } from '@pando/domain';
import { auditChange } from '../audit/hooks.js';
import { loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { notFound } from '../http/errors.js';
import {
  findOrganisation,
  listOrganisations,
  listPagers,
  setOfflinePatientData,
} from './consoleRepo.js';

/**
 * Organisations and pagers (lists of the caller's reach) of the admin console (spec 02 §7),
 * registered by the admin plugin (routes.ts).
 */
export function registerOrganisationRoutes(app: FastifyInstance): void {
  const e = adminEndpoints;

  route(app, e.organisations, async (req) =>
    listOrganisations(app.db, loaded(req, 'reach'), req.query),
  );

  /**
   * An organisation's settings (issue 37): `offline_patient_data: false` keeps patient data out
   * of the web app's offline copy for its people (their `GET /login/offline-key` says so). For
   * the organisation's own admins, its network's and product admins; answered with the row as
   * the list shows it. The setting is one value set outright, so a change needs no version: two
   * admins setting it at once leave the last one's value, which is what that admin saw saved.
   */
  route(
    app,
    e.updateOrganisation,
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
    {
      audit: {
        action: 'admin.organisation.update',
        resource: 'organisation',
        change: true,
        // The uuid the URL names: a refused call is recorded with it too.
        id: { param: 'uuid' },
        body: ['offline_patient_data'],
      },
    },
  );

  route(app, e.pagers, async (req) => listPagers(app.db, loaded(req, 'reach'), req.query));
}
