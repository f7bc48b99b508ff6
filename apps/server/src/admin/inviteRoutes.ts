import type { FastifyInstance } from 'fastify';
import {
  adminEndpoints,
  displayName,
  FEATURE_NOT_ENABLED,
  invitationEmail,
  TEXTS,
  textsWith,
} from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError } from '../http/errors.js';
import { issueAdminAuthCode } from './authCode.js';
import {
  accountExists,
  deleteUnsentInvite,
  insertInvite,
  listInvites,
  rescindInvite,
} from './consoleRepo.js';
import { targetOrganisation } from './routeShared.js';

/** The admin console's invitations (spec 02 §7), registered by the admin plugin (routes.ts). */
export function registerInviteRoutes(app: FastifyInstance): void {
  const e = adminEndpoints;

  route(app, e.invites, async (req) => listInvites(app.db, loaded(req, 'reach'), req.query));

  /**
   * Invites an email to an organisation of the caller's reach (the body's `organisation`, else
   * the caller's own). The network needs `user_invite_by_email` (403 FEATURE_NOT_ENABLED); an
   * email with an account or a pending invitation is a 409. The invitee gets an email and
   * becomes a user at their first login (src/auth/loginCodeValidateRoutes.ts); when the email
   * cannot be sent, there is no invitation (502 TEXTS.emailNotSent).
   */
  route(
    app,
    e.createInvite,
    async (req, reply) => {
      const { user: caller } = callerOf(req);
      const hospital = await targetOrganisation(
        app.db,
        loaded(req, 'reach'),
        caller,
        req.body.organisation,
      );
      if (hospital.features?.user_invite_by_email !== true)
        throw new HttpError(403, TEXTS.inviteByEmailNotEnabled, undefined, FEATURE_NOT_ENABLED);
      const { email } = req.body;
      const now = app.config.now();
      const invite = await app.db.transaction(async (tx) => {
        if (await accountExists(tx, email))
          throw new HttpError(409, textsWith.inviteHasAccount(email));
        const row = await insertInvite(tx, {
          email,
          hospitalId: hospital.id,
          approvedById: caller.id,
          sentAt: now,
        });
        if (!row) throw new HttpError(409, textsWith.inviteAlreadySent(email));
        return row;
      });
      // Sent after the commit: an SMTP exchange may take seconds, too long to hold a
      // transaction (PGlite has one connection). When it fails, the invitation goes again: an
      // invitation no one was told of is not kept, so sending again is not "already sent".
      try {
        await app.mailer.send({
          to: email,
          ...invitationEmail({
            inviter: caller,
            productName: app.config.productName,
            organisation: hospital.name,
            email,
            publicUrl: app.config.publicUrl,
          }),
        });
      } catch (err) {
        req.log.error({ err }, 'invitation mail failed');
        await deleteUnsentInvite(app.db, invite.id);
        throw new HttpError(502, TEXTS.emailNotSent);
      }
      return reply.code(201).send({
        id: invite.id,
        email,
        approved_by_name: displayName(caller),
        sent_at: now.toISOString(),
      });
    },
    {
      audit: {
        action: 'admin.invite.send',
        resource: 'invite',
        change: true,
        id: null,
        body: ['email', 'organisation'],
      },
    },
  );

  /** Rescinds a pending invitation: its email can no longer log in (unless invited again). */
  route(
    app,
    e.deleteInvite,
    async (req, reply) => {
      await rescindInvite(app.db, loaded(req, 'invite').id, app.config.now());
      return reply.code(204).send(null);
    },
    { audit: { action: 'admin.invite.rescind', resource: 'invite', change: true } },
  );

  /** As the users' auth-code: a fresh code for the login the invitee started; 409 otherwise. */
  route(
    app,
    e.inviteAuthCode,
    async (req) => ({
      authorization_code: await issueAdminAuthCode(req, loaded(req, 'invite').email),
    }),
    { audit: { action: 'admin.invite.login_code', resource: 'invite', change: true } },
  );
}
