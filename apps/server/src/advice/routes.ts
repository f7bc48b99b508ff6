import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdviceConversationSchema,
  AdviceHistoryQuerySchema,
  AdviceHistoryResponseSchema,
  adviceTransition,
  CreateAdviceConversationSchema,
  CreatedAdviceConversationSchema,
  EmbedQuerySchema,
  INTERNAL_CODES,
  MessageResponseSchema,
  NoBodySchema,
  parseEmbed,
  TeamAdviceParamSchema,
  TeamIdParamSchema,
  displayName,
} from '@pando/domain';
import { recordEvent } from '../analytics/record.js';
import { auditNote } from '../audit/hooks.js';
import { callerOf, loaded, scoped, SELF } from '../authz/access.js';
import { HttpError } from '../http/errors.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { isAdviceRecord, newMimId, one, uuidsOf } from '../teams/repo.js';
import type { UserRecord } from '../users/repo.js';
import { postAdviceResolution, postAsUser } from './chatBridge.js';
import { ADVICE_SELECT, type AdviceRecord, findAdvice, toWireAdvice } from './repo.js';
import { formatTranscript, transcriptLines } from './transcript.js';

export const adviceTeamNotActive = () =>
  new HttpError(
    409,
    'This advice team is no longer active.',
    undefined,
    INTERNAL_CODES.ADVICE_TEAM_NOT_ACTIVE,
  );

/** Advice conversations (spec 01 §4), under /api/v4. */
export default function adviceRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Opens an advice conversation with an advice team of the caller's network: a room holding the
   * requester and the team's members, with `message` posted as the requester's first message.
   */
  r.post(
    '/teams/:teamId/advice-conversations',
    {
      schema: {
        params: TeamIdParamSchema,
        body: CreateAdviceConversationSchema,
        response: { 201: CreatedAdviceConversationSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('advice-team:reader') },
    },
    async (req, reply) => {
      const auth = callerOf(req);
      const { user } = auth;
      const team = loaded(req, 'team');
      const { message } = req.body;
      if (!isAdviceRecord(team)) throw adviceTeamNotActive();
      const now = app.config.now();
      const mimId = newMimId();
      const id = await app.db.transaction(async (tx) => {
        const r = await tx.query<{ id: number }>(
          `insert into advice_conversations (mim_id, team_id, requestor_id, created_at, modified_at)
         values ($1, $2, $3, $4, $4) returning id`,
          [mimId, team.id, user.id, now],
        );
        return one(r.rows).id;
      });
      app.events.emit('advice:changed', { adviceId: id, teamId: team.id, requestorId: user.id });
      await app.chat.rooms.setAffiliations(mimId, {
        added: await uuidsOf(app.db, [user.id, ...team.user_ids]),
      });
      await postAsUser(
        app,
        mimId,
        { uuid: user.uuid, userId: user.id, sessionId: auth.sessionId },
        message,
        team.name,
      );
      reply.code(201);
      return { id, mim_id: mimId };
    },
  );

  r.get(
    '/teams/advice-conversations',
    {
      schema: {
        querystring: AdviceHistoryQuerySchema,
        response: { 200: AdviceHistoryResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req) => {
      const { user } = callerOf(req);
      const q = req.query;
      const where: string[] = [];
      if (q.conversation_context !== 'RECEIVED') where.push('ac.requestor_id = $1');
      if (q.conversation_context !== 'REQUESTED') {
        where.push(
          'exists(select 1 from team_members m where m.team_id = ac.team_id and m.user_id = $1)',
        );
      }
      const accepted =
        q.accepted === undefined
          ? ''
          : q.accepted === 'true'
            ? 'and ac.requestor_resolved and ac.public_team_resolved'
            : 'and not (ac.requestor_resolved and ac.public_team_resolved)';
      const [col, dir] = q.sort.startsWith('-') ? [q.sort.slice(1), 'desc'] : [q.sort, 'asc'];
      const r = await app.db.query<AdviceRecord & { total: number }>(
        `${ADVICE_SELECT.replace('select ac.id,', 'select count(*) over () as total, ac.id,')}
        where (${where.join(' or ')}) ${accepted}
        order by ac.${col === 'created_at' ? 'created_at' : 'modified_at'} ${dir}, ac.id ${dir}
        limit $2 offset $3`,
        [user.id, q.limit, q.offset],
      );
      let total = r.rows[0]?.total;
      if (total === undefined) {
        // An offset past the end returns no rows, so count separately.
        const c = await app.db.query<{ n: number }>(
          `select count(*)::int as n from advice_conversations ac where (${where.join(' or ')}) ${accepted}`,
          [user.id],
        );
        total = c.rows[0]?.n ?? 0;
      }
      const embed = parseEmbed(q.embed);
      return { results: r.rows.map((a) => toWireAdvice(a, embed)), total_count: total };
    },
  );

  r.get(
    '/teams/:teamId/advice-conversations/:id',
    {
      schema: {
        params: TeamAdviceParamSchema,
        querystring: EmbedQuerySchema,
        response: { 200: AdviceConversationSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('advice:participant') },
    },
    (req) => Promise.resolve(toWireAdvice(loaded(req, 'advice'), parseEmbed(req.query.embed))),
  );

  /**
   * resolve, accept (Accept, Archive) and unresolve (Reject): the domain's `adviceTransition`
   * decides, under a row lock so two sides acting at once cannot both win.
   */
  for (const endpoint of ['resolve', 'accept', 'unresolve'] as const) {
    r.put(
      `/teams/:teamId/advice-conversations/:id/${endpoint}`,
      {
        schema: {
          params: TeamAdviceParamSchema,
          querystring: EmbedQuerySchema,
          body: NoBodySchema,
          response: { 200: AdviceConversationSchema, ...ERROR_RESPONSES },
        },
        config: { access: scoped('advice:participant') },
      },
      async (req) => {
        const { user } = callerOf(req);
        const id = loaded(req, 'advice').id;
        const now = app.config.now();
        const outcome = await app.db.transaction(async (tx) => {
          await tx.query('select 1 from advice_conversations where id = $1 for update', [id]);
          const a = one([await findAdvice(tx, user, id)].filter((x) => x !== undefined));
          const t = adviceTransition(a, endpoint, a.requestor_id === user.id);
          if (!t.ok)
            return {
              ok: false as const,
              error: new HttpError(t.statusCode, t.message, undefined, t.internalCode),
            };
          const resolver =
            t.resolver === 'clear' ? null : t.resolver === 'caller' ? user.id : a.resolver_id;
          await tx.query(
            `update advice_conversations set requestor_resolved = $2, public_team_resolved = $3, resolver_id = $4, modified_at = $5 where id = $1`,
            [id, t.requestor_resolved, t.public_team_resolved, resolver, now],
          );
          if (t.requestor_resolved && t.public_team_resolved) {
            await recordEvent(tx, {
              type: 'advice_resolved',
              at: now,
              userId: user.id,
              teamId: a.team_id,
              adviceId: a.id,
            });
          }
          return {
            ok: true as const,
            a,
            action: t.action,
            closed: t.requestor_resolved && t.public_team_resolved,
          };
        });
        if (!outcome.ok) throw outcome.error;
        // Closed: the chat server refuses messages into the room from now on (issue 35).
        if (outcome.closed) app.chat.rooms.refresh(outcome.a.mim_id);
        app.events.emit('advice:changed', {
          adviceId: outcome.a.id,
          teamId: outcome.a.team_id,
          requestorId: outcome.a.requestor_id,
        });
        try {
          await postAdviceResolution(app, outcome.a.mim_id, outcome.action, displayName(user));
        } catch (err) {
          // The state change is committed; a lost system line must not turn it into an error.
          req.log.error({ err, mimId: outcome.a.mim_id }, 'advice resolution line not posted');
        }
        return toWireAdvice(
          one([await findAdvice(app.db, user, id)].filter((a) => a !== undefined)),
          parseEmbed(req.query.embed),
        );
      },
    );
  }

  /** Mails a readable transcript to the caller's own address (spec 01 §4: every state offers it). */
  r.post(
    '/teams/:teamId/advice-conversations/:id/export-to-email',
    {
      schema: {
        params: TeamAdviceParamSchema,
        body: NoBodySchema,
        response: { 200: MessageResponseSchema, ...ERROR_RESPONSES },
      },
      // The transcript may name patients: its email is recorded with the recipient (issue 36).
      config: {
        access: scoped('advice:participant'),
        audit: { action: 'advice_transcript.email', resource: 'advice_conversation', change: true },
      },
    },
    async (req) => {
      const { user } = callerOf(req);
      const a = loaded(req, 'advice');
      auditNote(req, { detail: { recipient: user.email.toLowerCase() } });
      const text = formatTranscript(
        {
          title: `Advice conversation with ${a.team_name}`,
          requestor: `${a.requestor_first_name} ${a.requestor_last_name}`.trim(),
          team: a.team_name,
        },
        await app.chat.settled().then(() => transcriptLines(app.db, a.mim_id)),
      );
      await sendTo(
        app,
        user,
        `${app.config.productName}: advice conversation with ${a.team_name}`,
        text,
      );
      return { message: `Email sent to ${user.email}` };
    },
  );

  done();
}

async function sendTo(
  app: FastifyInstance,
  user: UserRecord,
  subject: string,
  text: string,
): Promise<void> {
  try {
    await app.mailer.send({ to: user.email, subject, text });
  } catch (err) {
    app.log.error({ err }, 'transcript email failed');
    throw new HttpError(502, 'The email could not be sent. Please try again.');
  }
}
