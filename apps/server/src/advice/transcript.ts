import { decodeMessageBody, displayName, messagePreview } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import { roomConv } from '../xmpp/store.js';
import { child, NS, parseFrame, text } from '../xmpp/xml.js';

/** Most lines a mailed transcript carries; a longer conversation says how many were left out. */
const TRANSCRIPT_MAX_MESSAGES = 5000;

export interface TranscriptLine {
  at: Date;
  sender: string;
  text: string;
}

/**
 * The room's archived messages as readable lines: time, sender's name (from the directory, not
 * from the stanza), and the message as the chat shows it (images, files and cards by their
 * preview, advice resolutions as their system line).
 */
export async function transcriptLines(
  db: DatabaseTx,
  mimId: string,
): Promise<{ lines: TranscriptLine[]; omitted: number }> {
  const r = await db.query<{
    sender: string;
    created_at: Date;
    stanza: string;
    user_id: number | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    total: number;
  }>(
    `select m.sender, m.created_at, m.stanza, u.id as user_id, u.first_name, u.last_name, u.email,
            count(*) over () as total
       from chat_messages m
       left join users u
         on u.uuid = (case when m.sender ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                           then m.sender::uuid end)
      where m.conv = $1
      order by m.id
      limit $2`,
    [roomConv(mimId.toLowerCase()), TRANSCRIPT_MAX_MESSAGES],
  );
  const lines: TranscriptLine[] = [];
  for (const row of r.rows) {
    let parsed;
    try {
      parsed = parseFrame(row.stanza);
    } catch {
      continue;
    }
    const body = child(parsed, 'body');
    if (!body) continue;
    const subject = child(parsed, 'subject');
    const decoded = decodeMessageBody(subject ? text(subject) : undefined, text(body));
    const sent = child(parsed, 'sent', NS.pando)?.attrs.timestamp;
    lines.push({
      at: sent ? new Date(sent) : row.created_at,
      sender:
        row.sender === 'system'
          ? 'System'
          : row.user_id === null
            ? 'Former user'
            : displayName(row),
      text: messagePreview(decoded.content),
    });
  }
  const total = r.rows[0]?.total ?? 0;
  return { lines, omitted: Math.max(0, total - r.rows.length) };
}

/** Plain text, one line per message, times in UTC with the zone named (no client timezone is sent). */
export function formatTranscript(
  header: { title: string; requestor: string; team: string },
  t: { lines: TranscriptLine[]; omitted: number },
): string {
  const stamp = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return [
    header.title,
    `Requested by: ${header.requestor}`,
    `Advice team: ${header.team}`,
    '',
    ...(t.lines.length === 0
      ? ['(no messages yet)']
      : t.lines.map((l) => `[${stamp(l.at)}] ${l.sender}: ${l.text}`)),
    ...(t.omitted > 0 ? ['', `(${t.omitted} later messages not included)`] : []),
  ].join('\n');
}
