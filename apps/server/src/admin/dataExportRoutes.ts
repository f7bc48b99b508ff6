import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DataExportRequestSchema, displayName, MessageResponseSchema, TEXTS } from '@pando/domain';
import { callerOf, loaded, scoped } from '../authz/access.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { EXPORT_FLAGS, insertExportRequest } from './consoleRepo.js';
import { targetOrganisation } from './routeShared.js';

/** The admin console's data export request (spec 02 §7), registered by the admin plugin. */
export function registerDataExportRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Stores the request and mails it to SUPPORT_EMAIL, who verify the requester and act. */
  r.post(
    '/admin/send-export-data-request',
    {
      schema: {
        body: DataExportRequestSchema,
        response: { 201: MessageResponseSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin'),
        audit: {
          action: 'admin.data_export.request',
          resource: 'export_request',
          change: true,
          id: null,
        },
      },
    },
    async (req, reply) => {
      const { user: caller } = callerOf(req);
      const b = req.body;
      const hospital = await targetOrganisation(
        app.db,
        loaded(req, 'reach'),
        caller,
        b.organisation,
      );
      await insertExportRequest(
        app.db,
        b,
        { requestedById: caller.id, hospitalId: hospital.id },
        app.config.now(),
      );
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
      return reply.code(201).send({ message: TEXTS.exportThankYou });
    },
  );
}
