import type { FastifyInstance } from 'fastify';
import { formatCardSummary, patientsEndpoints, TEXTS } from '@pando/domain';
import { auditNote } from '../audit/hooks.js';
import { callerOf } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError } from '../http/errors.js';
import { userNames } from './repo.js';
import { cardFor } from './routeHelpers.js';

/** A patient card's summary sent by email (spec 01 §7). */
export function registerCardExportRoutes(app: FastifyInstance): void {
  /** POST /cards/{id}/export-to-email?timezone=: the card's summary mailed to the caller. */
  route(
    app,
    patientsEndpoints.exportCardToEmail,
    async (req) => {
      const { user } = callerOf(req);
      auditNote(req, { detail: { recipient: user.email } });
      const card = await cardFor(app.db, user.id, req.params.id, 'patient,users,teams');
      const ids = [
        ...new Set(card.tasks.map((t) => t.completed_by_id).filter((x): x is number => x != null)),
      ];
      const names = await userNames(app.db, ids);
      const text = formatCardSummary(card, {
        timeZone: req.query.timezone,
        nameOf: (id) => names.get(id),
      });
      try {
        await app.mailer.send({
          to: user.email,
          subject: `${app.config.productName}: patient card ${card.title}`,
          text,
        });
      } catch (err) {
        req.log.error({ err }, 'patient card export mail failed');
        throw new HttpError(502, TEXTS.emailNotSent);
      }
      return { message: `Email sent to ${user.email}` };
    },
    // Recorded before the answer leaves (no database change to share a transaction with).
    { audit: { action: 'card.email', resource: 'card', change: true } },
  );
}
