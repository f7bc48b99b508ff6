import type { FastifyInstance } from 'fastify';
import {
  type AdviceConversation,
  type AdviceHistoryResponse,
  type AdviceResolutionAction,
  CreateAdviceConversationSchema,
  type CreatedAdviceConversation,
  AdviceHistoryQuerySchema,
  EmbedQuerySchema,
  parseEmbed,
  TeamAdviceParamSchema,
  TeamIdParamSchema,
} from '@pando/domain';
import { recordEvent } from '../analytics/record.js';
import { requireUser } from '../auth/sessions.js';
import { HttpError, parseInput } from '../http/errors.js';
import { isAdviceRecord, newMimId, one, readableTeam, uuidsOf } from '../teams/repo.js';
import type { UserRecord } from '../users/repo.js';
import { postAdviceResolution, postAsUser } from './chatBridge.js';
import {
  ADVICE_SELECT,
  type AdviceRecord,
  findAdvice,
  participantAdvice,
  toWireAdvice,
} from './repo.js';
import { formatTranscript, transcriptLines } from './transcript.js';

export const ADVICE_TEAM_NOT_ACTIVE = 'ADVICE_TEAM_NOT_ACTIVE';
export const ADVICE_INVALID_STATE = 'ADVICE_INVALID_STATE';

export const adviceTeamNotActive = () =>
  new HttpError(409, 'This advice team is no longer active.', undefined, ADVICE_TEAM_NOT_ACTIVE);

type Endpoint = 'resolve' | 'accept' | 'unresolve';

/**
 * The state rules of spec 01 §4, enforced here whatever the client shows:
 * - resolve: only the requester, only while nothing is resolved (RESOLVABLE) → RESOLVE;
 * - accept: the team side once the requester resolved (ACCEPTABLE), or the requester once the
 *   team resolved (ARCHIVABLE, "Archive") → both resolved, ACCEPT;
 * - unresolve: only the team side, only in ACCEPTABLE ("Reject") → both open again, REJECT.
 * The wrong side gets 403; the right side in the wrong state gets 409 ADVICE_INVALID_STATE.
 * A requester who is also in the advice team acts as the requester.
 */
export function adviceTransition(
  a: Pick<AdviceRecord, 'requestor_resolved' | 'public_team_resolved'>,
  endpoint: Endpoint,
  byRequester: boolean,
):
  | {
      ok: true;
      requestor_resolved: boolean;
      public_team_resolved: boolean;
      action: AdviceResolutionAction;
    }
  | { ok: false; status: 403 | 409; message: string } {
  const req = a.requestor_resolved;
  const team = a.public_team_resolved;
  const wrongState = {
    ok: false,
    status: 409,
    message: 'This advice conversation is not in a state that allows that.',
  } as const;
  switch (endpoint) {
    case 'resolve':
      if (!byRequester)
        return {
          ok: false,
          status: 403,
          message: 'Only the person who asked for advice can mark it as resolved.',
        };
      if (req || team) return wrongState;
      return { ok: true, requestor_resolved: true, public_team_resolved: false, action: 'RESOLVE' };
    case 'accept':
      if (byRequester) {
        if (req && !team)
          return {
            ok: false,
            status: 403,
            message: 'Only the advice team can accept the resolution.',
          };
        if (!team || req) return wrongState;
      } else if (!req || team) {
        return wrongState;
      }
      return { ok: true, requestor_resolved: true, public_team_resolved: true, action: 'ACCEPT' };
    case 'unresolve':
      if (byRequester)
        return {
          ok: false,
          status: 403,
          message: 'Only the advice team can reject the resolution.',
        };
      if (!req || team) return wrongState;
      return { ok: true, requestor_resolved: false, public_team_resolved: false, action: 'REJECT' };
  }
}

export function registerAdviceRoutes(app: FastifyInstance): void {
  /**
   * Opens an advice conversation with an advice team of the caller's network: a room holding the
   * requester and the team's members, with `message` posted as the requester's first message.
   */
  app.post(
    '/api/v4/teams/:teamId/advice-conversations',
    async (req, reply): Promise<CreatedAdviceConversation> => {
      const auth = await requireUser(app, req);
      const { user } = auth;
      const { teamId } = parseInput(TeamIdParamSchema, req.params);
      const { message } = parseInput(CreateAdviceConversationSchema, req.body);
      const team = await readableTeam(app.db, user, teamId);
      if (!isAdviceRecord(team)) throw adviceTeamNotActive();
      const now = app.config.now();
      const mimId = newMimId();
      const id = await app.db.transaction(async (tx) => {
        const r = await tx.query<{ id: number }>(
          `insert into advice_conversations (mim_id, team_id, requestor_id, created_at, modified_at)
         values ($1, $2, $3, $4, $4) returning id`,
          [mimId, teamId, user.id, now],
        );
        return one(r.rows).id;
      });
      app.events.emit('advice:changed', { adviceId: id, teamId, requestorId: user.id });
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

  app.get('/api/v4/teams/advice-conversations', async (req): Promise<AdviceHistoryResponse> => {
    const { user } = await requireUser(app, req);
    const q = parseInput(AdviceHistoryQuerySchema, req.query);
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
  });

  app.get(
    '/api/v4/teams/:teamId/advice-conversations/:id',
    async (req): Promise<AdviceConversation> => {
      const { user } = await requireUser(app, req);
      const { teamId, id } = parseInput(TeamAdviceParamSchema, req.params);
      const { embed } = parseInput(EmbedQuerySchema, req.query);
      return toWireAdvice(await participantAdvice(app.db, user, teamId, id), parseEmbed(embed));
    },
  );

  const transition =
    (endpoint: Endpoint) =>
    async (req: import('fastify').FastifyRequest): Promise<AdviceConversation> => {
      const { user } = await requireUser(app, req);
      const { teamId, id } = parseInput(TeamAdviceParamSchema, req.params);
      const { embed } = parseInput(EmbedQuerySchema, req.query);
      const now = app.config.now();
      const outcome = await app.db.transaction(async (tx) => {
        await tx.query('select 1 from advice_conversations where id = $1 for update', [id]);
        const a = await participantAdvice(tx, user, teamId, id);
        const t = adviceTransition(a, endpoint, a.requestor_id === user.id);
        if (!t.ok)
          return {
            ok: false as const,
            error: new HttpError(
              t.status,
              t.message,
              undefined,
              t.status === 409 ? ADVICE_INVALID_STATE : undefined,
            ),
          };
        const resolver =
          t.action === 'REJECT'
            ? null
            : t.action === 'ACCEPT' && a.requestor_id !== user.id
              ? user.id
              : a.resolver_id;
        await tx.query(
          `update advice_conversations set requestor_resolved = $2, public_team_resolved = $3, resolver_id = $4, modified_at = $5 where id = $1`,
          [id, t.requestor_resolved, t.public_team_resolved, resolver, now],
        );
        if (t.action === 'ACCEPT') {
          await recordEvent(tx, {
            type: 'advice_resolved',
            at: now,
            userId: user.id,
            teamId: a.team_id,
            adviceId: a.id,
          });
        }
        return { ok: true as const, a, action: t.action };
      });
      if (!outcome.ok) throw outcome.error;
      app.events.emit('advice:changed', {
        adviceId: outcome.a.id,
        teamId: outcome.a.team_id,
        requestorId: outcome.a.requestor_id,
      });
      try {
        await postAdviceResolution(
          app,
          outcome.a.mim_id,
          outcome.action,
          `${user.first_name} ${user.last_name}`.trim(),
        );
      } catch (err) {
        // The state change is committed; a lost system line must not turn it into an error.
        req.log.error({ err, mimId: outcome.a.mim_id }, 'advice resolution line not posted');
      }
      return toWireAdvice(
        one([await findAdvice(app.db, user, id)].filter((a) => a !== undefined)),
        parseEmbed(embed),
      );
    };
  app.put('/api/v4/teams/:teamId/advice-conversations/:id/resolve', transition('resolve'));
  app.put('/api/v4/teams/:teamId/advice-conversations/:id/accept', transition('accept'));
  app.put('/api/v4/teams/:teamId/advice-conversations/:id/unresolve', transition('unresolve'));

  /** Mails a readable transcript to the caller's own address (spec 01 §4: every state offers it). */
  app.post('/api/v4/teams/:teamId/advice-conversations/:id/export-to-email', async (req) => {
    const { user } = await requireUser(app, req);
    const { teamId, id } = parseInput(TeamAdviceParamSchema, req.params);
    const a = await participantAdvice(app.db, user, teamId, id);
    const text = formatTranscript(
      {
        title: `Advice conversation with ${a.team_name}`,
        requestor: `${a.requestor_first_name} ${a.requestor_last_name}`.trim(),
        team: a.team_name,
      },
      await transcriptLines(app.db, a.mim_id),
    );
    await sendTo(
      app,
      user,
      `${app.config.productName}: advice conversation with ${a.team_name}`,
      text,
    );
    return { message: `Email sent to ${user.email}` };
  });
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
