import type { FastifyInstance } from 'fastify';
import {
  ifMatchVersion,
  isStaleVersion,
  patientsEndpoints,
  TASK_COMPLETED_EVENT,
} from '@pando/domain';
import { recordEvent } from '../analytics/record.js';
import { auditChange } from '../audit/hooks.js';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { notFound } from '../http/errors.js';
import { editConflict } from '../http/versions.js';
import { announceCardChange, cardAudience } from './cache.js';
import { ALL_EMBEDS, deleteCard, loadCard, replaceAssignees, saveCard, touchCard } from './repo.js';
import { cardFor, checkNewAssignees } from './routeHelpers.js';

/** Changing one patient card: saving it, deleting it, setting its assignees (spec 01 §7). */
export function registerCardEditRoutes(app: FastifyInstance): void {
  const e = patientsEndpoints;

  /**
   * Saves title, subtitle and tasks. Two saves of one card run one after the other (the card row
   * is locked), each merged into what is stored by the domain's rule (`mergeCardTasks`,
   * apps/server/README.md "Patients").
   */
  route(
    app,
    e.updateCard,
    async (req) => {
      const { user } = callerOf(req);
      const id = req.params.id;
      const completedNow = await app.db.transaction(async (tx) => {
        const current = await loadCard(tx, user.id, id, undefined, true);
        if (!current) throw notFound('Patient card');
        // Read once the card is locked, and never before the card's last save: the merge rule
        // compares these times, so saves must be stamped in the order they were merged.
        const now = new Date(
          Math.max(app.config.now().getTime(), Date.parse(current.card.modified_at)),
        );
        // If-Match (API clients): any change since that version refuses the save (issue 35).
        if (isStaleVersion(current.card.modified_at, ifMatchVersion(req.headers['if-match'])))
          throw editConflict();
        const { completedNow, conflict } = await saveCard(
          tx,
          current,
          {
            title: req.body.title,
            subtitle: req.body.subtitle,
            tasks: req.body.tasks,
            base: req.body.modified_at,
          },
          user.id,
          now,
        );
        // The body's modified_at: a change of what someone else changed since (tasks, title).
        if (conflict) throw editConflict();
        for (let i = 0; i < completedNow; i++) {
          await recordEvent(tx, {
            type: TASK_COMPLETED_EVENT,
            at: now,
            userId: user.id,
            hasPatient: true,
            data: { card_id: id },
          });
        }
        await auditChange(req, tx);
        return completedNow;
      });
      req.log.debug({ cardId: id, completedNow }, 'card saved');
      announceCardChange(app, await cardAudience(app.db, [id]));
      return cardFor(app.db, user.id, id, 'patient,users,teams');
    },
    { audit: { action: 'card.update', resource: 'card', change: true } },
  );

  /** Decision: a deleted card is kept (deleted_at) for the record, and gone for everyone. */
  route(
    app,
    e.deleteCard,
    async (req, reply) => {
      await app.db.transaction(async (tx) => {
        await deleteCard(tx, req.params.id, app.config.now());
        await auditChange(req, tx);
      });
      announceCardChange(app, await cardAudience(app.db, [req.params.id]));
      return reply.code(204).send(null);
    },
    { audit: { action: 'card.delete', resource: 'card', change: true } },
  );

  /** Sets the card's assignees (users and teams). Whoever is no longer assigned loses access at once. */
  route(
    app,
    e.reassignCard,
    async (req) => {
      const { user } = callerOf(req);
      const card = loaded(req, 'card');
      const already = {
        users: card.card.users.map((u) => u.id),
        teams: card.card.teams.map((t) => t.id),
      };
      // The guard loaded the card without embeds when none were asked for: read them now.
      const full = await loadCard(app.db, user.id, card.card.id);
      if (full) {
        already.users = full.card.users.map((u) => u.id);
        already.teams = full.card.teams.map((t) => t.id);
      }
      await checkNewAssignees(app.db, user, req.body, already);
      const now = app.config.now();
      const before = await cardAudience(app.db, [card.card.id]);
      await app.db.transaction(async (tx) => {
        await replaceAssignees(tx, card.card.id, req.body.users, req.body.teams);
        await touchCard(tx, card.card.id, now);
        await auditChange(req, tx, {
          detail: { users: req.body.users, teams: req.body.teams },
        });
      });
      // Those who lost the card and those who gained it.
      announceCardChange(app, before, await cardAudience(app.db, [card.card.id]));
      // The caller may have unassigned themselves: the save worked, so they get the card as
      // saved, `editable: false`, and lose it from then on.
      const saved = await loadCard(app.db, user.id, card.card.id, ALL_EMBEDS, false, true);
      if (!saved) throw notFound('Patient card');
      return saved.card;
    },
    { audit: { action: 'card.reassign', resource: 'card', change: true } },
  );
}
