import type { FastifyInstance } from 'fastify';
import { teamsEndpoints, TEXTS } from '@pando/domain';
import { auditNote } from '../audit/hooks.js';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError } from '../http/errors.js';
import type { UserRecord } from '../users/repo.js';
import { formatTranscript, transcriptLines } from './transcript.js';

/** Mails a readable transcript to the caller's own address (spec 01 §4: every state offers it). */
export function registerTranscriptEmailRoutes(app: FastifyInstance): void {
  route(
    app,
    teamsEndpoints.adviceTranscriptEmail,
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
    // The transcript may name patients: its email is recorded with the recipient (issue 36).
    {
      audit: { action: 'advice_transcript.email', resource: 'advice_conversation', change: true },
    },
  );
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
    throw new HttpError(502, TEXTS.emailNotSent);
  }
}
