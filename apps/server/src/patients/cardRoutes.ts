import type { FastifyInstance } from 'fastify';
import { isForum, PATIENT_CARD_CREATED_EVENT, patientsEndpoints, TEXTS } from '@pando/domain';
import { recordEvent } from '../analytics/record.js';
import { auditChange } from '../audit/hooks.js';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { badField, HttpError } from '../http/errors.js';
import { cachedJson } from '../http/responseCache.js';
import { cardEmbeds } from './access.js';
import { announceCardChange, cardAudience } from './cache.js';
import { cardPatientId, insertCard, listCards, memberTeam } from './repo.js';
import { cardFor, reachableUser, requirePatientList } from './routeHelpers.js';

/** Patient cards: the caller's list, creating a card, and one card (spec 01 §7; issue 18). */
export function registerCardRoutes(app: FastifyInstance): void {
  const e = patientsEndpoints;

  route(
    app,
    e.cards,
    async (req, reply) => {
      const { user } = callerOf(req);
      requirePatientList(user);
      // From the response cache: forgotten at once by cards:changed, team:changed and
      // user:changed (apps/server/README.md "Patients").
      return cachedJson(app, reply, user.id, `cards\u0000${req.url}`, async () => {
        const { cards, deps } = await listCards(app.db, user.id, {
          limit: req.query.limit,
          search: req.query.search,
          embeds: cardEmbeds(req.query.embed),
        });
        return { value: { results: cards }, deps };
      });
    },
    { audit: { action: 'card_list.read', resource: 'card_list', id: null, read: true } },
  );

  /**
   * Creates a card and its patient (empty, in the creator's organisation). The creator is
   * assigned with the assignee of the query (a person of their network, or a team they are in);
   * `with_empty_task=true` adds one untitled open task to fill in.
   */
  route(
    app,
    e.createCard,
    async (req, reply) => {
      const { user } = callerOf(req);
      requirePatientList(user);
      const { assignee, assignee_id: assigneeId, with_empty_task: withEmptyTask } = req.query;
      const users = [user.id];
      const teams: number[] = [];
      if (assigneeId !== undefined) {
        if (assignee === 'users') {
          if (assigneeId !== user.id && !(await reachableUser(app.db, user, assigneeId)))
            throw badField('assignee_id', `unknown user ${assigneeId}`);
          users.push(assigneeId);
        } else {
          const team = await memberTeam(app.db, user.id, assigneeId);
          if (!team) throw badField('assignee_id', `unknown team ${assigneeId}`);
          if (isForum(team)) throw new HttpError(403, TEXTS.cannotSharePatientInForum);
          teams.push(assigneeId);
        }
      }
      const now = app.config.now();
      const id = await app.db.transaction(async (tx) => {
        const cardId = await insertCard(tx, {
          title: req.body.title,
          subtitle: req.body.subtitle,
          creatorId: user.id,
          hospitalId: user.hospital_id,
          users,
          teams,
          withEmptyTask: withEmptyTask === 'true',
          now,
        });
        await recordEvent(tx, {
          type: PATIENT_CARD_CREATED_EVENT,
          at: now,
          userId: user.id,
          hasPatient: true,
          data: { card_id: cardId },
        });
        const patientId = await cardPatientId(tx, cardId);
        await auditChange(req, tx, { resourceId: cardId, patientId });
        return cardId;
      });
      announceCardChange(app, await cardAudience(app.db, [id]));
      reply.code(201);
      return cardFor(app.db, user.id, id, 'patient,users,teams');
    },
    { audit: { action: 'card.create', resource: 'card', change: true, id: null } },
  );

  route(app, e.card, (req) => Promise.resolve(loaded(req, 'card').card), {
    audit: { action: 'card.read', resource: 'card', read: true },
  });
}
