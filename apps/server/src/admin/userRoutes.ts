import type { FastifyInstance } from 'fastify';
import {
  adminChangeRefusal,
  adminEndpoints,
  adminSearchText,
  loginCodeRefusal,
  withinAdminReach,
  TEXTS,
} from '@pando/domain';
import { auditChange } from '../audit/hooks.js';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError, badField, notFound } from '../http/errors.js';
import { cachedJson } from '../http/responseCache.js';
import { announceBlocked, blockUser } from '../users/block.js';
import { asUuid, findUserById } from '../users/repo.js';
import { issueAdminAuthCode, tellOfAdminCode } from './authCode.js';
import {
  adminUserOf,
  countUsers,
  listUsers,
  liveOrganisationByUuid,
  setUserOrganisation,
  unblockUser,
} from './repo.js';

/**
 * The admin console's users (spec 02 §7): count, list, one user, transfer and block, and a login
 * code; registered by the admin plugin (routes.ts).
 */
export function registerUserRoutes(app: FastifyInstance): void {
  const e = adminEndpoints;

  route(app, e.usersCount, async (req) => ({
    count: await countUsers(app.db, { reach: loaded(req, 'reach'), q: '' }),
  }));

  /** Paged from 0; `q` (or `searchQuery`) finds first name, last name or email; sort default last_name. */
  route(app, e.users, async (req, reply) => {
    const pageSize = req.query['page-size'];
    const filter = {
      reach: loaded(req, 'reach'),
      q: adminSearchText(req.query),
      sort: req.query.sort,
      page: req.query.page,
      pageSize,
    };
    const page = async () => {
      const { rows, total } = await listUsers(app.db, filter);
      return { results: rows, page: filter.page, pageSize, totalResults: total };
    };
    // Without a search the page is an index walk (a few ms): asked of the database each time.
    if (!filter.q) return page();
    // A search (a scan of the reach's matches, ~100+ ms at network scale) is kept per viewer
    // and normalised request: the reach (after `?organisation=` / `?network=`), the search
    // text, sort, page and page size. Any announced user or team change forgets it
    // (`directory`). Served from the handler, after the access guards of every call.
    const key = `admin-users ${JSON.stringify([filter.reach, filter.q, filter.sort ?? null, filter.page, pageSize])}`;
    const { user } = callerOf(req);
    return cachedJson(app, reply, user.id, key, async () => ({
      value: await page(),
      deps: { directory: true },
    }));
  });

  route(app, e.user, async (req) => adminUserOf(app.db, loaded(req, 'adminUser')));

  /**
   * Transfer (`hospital_uuid`: an organisation within the caller's reach, else 400 naming it)
   * and block (`blocked: true`: every session, token and chat socket of the user ends at once,
   * `blockUser`); `blocked: false` lets them log in again. The client sends the organisation
   * 'General' with a block (domain `blockPatches`); both happen in one call.
   */
  route(
    app,
    e.updateUser,
    async (req) => {
      const { user: caller } = callerOf(req);
      const target = loaded(req, 'adminUser');
      const refusal = adminChangeRefusal(caller, target);
      if (refusal) throw new HttpError(403, refusal);
      const { hospital_uuid: hospitalUuid, blocked } = req.body;
      const now = app.config.now();
      // One transaction (with its audit event): a failure half-way leaves the user as they
      // were. Who hears of it (the chat server, the session and response caches) hears after
      // the commit, never of a change that was rolled back.
      const announce = await app.db.transaction(async (tx) => {
        const after: (() => void)[] = [];
        if (hospitalUuid !== undefined) {
          const uuid = asUuid(hospitalUuid);
          const hospital = uuid ? await liveOrganisationByUuid(tx, uuid) : undefined;
          if (
            !hospital ||
            !withinAdminReach(loaded(req, 'reach'), {
              hospital_id: hospital.id,
              network_id: hospital.network_id,
            })
          )
            throw badField('hospital_uuid', 'unknown organisation');
          if (hospital.id !== target.hospital_id) {
            await setUserOrganisation(tx, target.id, hospital.id, now);
            after.push(() => app.events.emit('user:changed', { userId: target.id }));
          }
        }
        if (blocked === true && !target.blocked) {
          const revoked = await blockUser(tx, target.id, now);
          after.push(() => {
            announceBlocked(app, target.id, revoked);
          });
        }
        if (blocked === false && target.blocked) {
          await unblockUser(tx, target.id, now);
          after.push(() => app.events.emit('user:changed', { userId: target.id }));
        }
        await auditChange(req, tx);
        return after;
      });
      for (const tell of announce) tell();
      const updated = await findUserById(app.db, target.id);
      if (!updated) throw notFound('User');
      return adminUserOf(app.db, updated);
    },
    {
      audit: {
        action: 'admin.user.update',
        resource: 'user',
        change: true,
        body: ['hospital_uuid', 'blocked'],
      },
    },
  );

  /** A fresh code for the login the user started in the app; 409 when they have not (authCode.ts). */
  route(
    app,
    e.userAuthCode,
    async (req) => {
      const { user: caller } = callerOf(req);
      const target = loaded(req, 'adminUser');
      // A code logs in as the user: never for yourself, a peer or anyone above you (issue 36).
      const refusal = loginCodeRefusal(caller, target);
      if (refusal) throw new HttpError(403, refusal);
      if (target.blocked) throw new HttpError(403, TEXTS.userBlocked);
      const code = await issueAdminAuthCode(req, target.email);
      await tellOfAdminCode(req, target, caller);
      return { authorization_code: code };
    },
    { audit: { action: 'admin.user.login_code', resource: 'user', change: true } },
  );
}
