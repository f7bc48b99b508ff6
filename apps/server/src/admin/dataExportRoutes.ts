import type { FastifyInstance } from 'fastify';
import { adminEndpoints, displayName, TEXTS } from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError } from '../http/errors.js';
import { deleteExportRequest, EXPORT_FLAGS, insertExportRequest } from './consoleRepo.js';
import { targetOrganisation } from './routeShared.js';

/** The admin console's data export request (spec 02 §7), registered by the admin plugin. */
export function registerDataExportRoutes(app: FastifyInstance): void {
  /**
   * Stores the request and mails it to SUPPORT_EMAIL, who verify the requester and act; when
   * the email cannot be sent, nothing is stored (502 TEXTS.emailNotSent).
   */
  route(
    app,
    adminEndpoints.dataExportRequest,
    async (req, reply) => {
      const { user: caller } = callerOf(req);
      const b = req.body;
      const hospital = await targetOrganisation(
        app.db,
        loaded(req, 'reach'),
        caller,
        b.organisation,
      );
      const stored = await insertExportRequest(
        app.db,
        b,
        { requestedById: caller.id, hospitalId: hospital.id },
        app.config.now(),
      );
      // As an invitation: sent after the commit, and a request support never got is not kept
      // (the admin is asked to try again, and the retry is not a second request).
      try {
        await app.mailer.send({
          to: app.config.supportEmail,
          subject: `Data export request: ${hospital.name}`,
          text: [
            `${displayName(b)} <${b.email}> asks for a data export of ${hospital.name}.`,
            `Requested from the admin console by ${displayName(caller)} <${caller.email}> (user ${caller.id}).`,
            '',
            `Data: ${EXPORT_FLAGS.filter((f) => b[f]).join(', ') || 'none selected'}`,
          ].join('\n'),
        });
      } catch (err) {
        req.log.error({ err }, 'data export request mail failed');
        await deleteExportRequest(app.db, stored.id);
        throw new HttpError(502, TEXTS.emailNotSent);
      }
      return reply.code(201).send({ message: TEXTS.exportThankYou });
    },
    {
      audit: {
        action: 'admin.data_export.request',
        resource: 'export_request',
        change: true,
        id: null,
      },
    },
  );
}
