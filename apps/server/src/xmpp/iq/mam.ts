import { isRoomId, parseJid } from '../jid.js';
import { latestMarkers } from '../markers.js';
import { pairConv, queryArchive, roomConv } from '../store.js';
import { child, childText, children, el, NS, rawXml, serialize, text } from '../xml.js';
import type { IqHandler } from './types.js';

/** MAM page size when the client gives none (spec 01: page size 10), and the most we return. */
const MAM_DEFAULT_MAX = 10;
const MAM_MAX = 100;

/**
 * XEP-0313 MAM query with RSM paging: your own 1:1 archive (optionally `with` one person), or a
 * room's for its occupants. Results come as messages, oldest first within the page, then `<fin>`.
 */
export const mam: IqHandler = async (ctx, req) => {
  const { s, to, payload: q } = req;
  if (req.type !== 'set') {
    req.fail('service-unavailable');
    return;
  }
  let conv: string | undefined;
  let archiveJid = ctx.userJid(s.uuid);
  let isRoom = false;
  if (to && to.domain === ctx.roomDomain) {
    const room = isRoomId(to.local) ? await ctx.rooms.get(to.local) : undefined;
    if (!room || !room.members.has(s.uuid)) {
      req.fail('item-not-found');
      return;
    }
    conv = roomConv(to.local);
    archiveJid = ctx.roomJid(to.local);
    isRoom = true;
  } else if (to && !(to.domain === ctx.domain && to.local === s.uuid)) {
    req.fail('forbidden'); // only your own archive
    return;
  }
  const fields = new Map<string, string>();
  const form = child(q, 'x', NS.dataForms);
  if (form)
    for (const f of children(form, 'field'))
      if (f.attrs.var) fields.set(f.attrs.var, childText(f, 'value') ?? '');
  let start: Date | undefined;
  let end: Date | undefined;
  for (const [k, v] of [
    ['start', fields.get('start')],
    ['end', fields.get('end')],
  ] as const) {
    if (v === undefined || v === '') continue;
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) {
      req.fail('bad-request');
      return;
    }
    if (k === 'start') start = d;
    else end = d;
  }
  const withJid = fields.get('with');
  if (withJid && !isRoom) {
    const w = parseJid(withJid);
    if (!w?.local || w.domain !== ctx.domain) {
      req.fail('bad-request');
      return;
    }
    conv = pairConv(s.uuid, w.local);
  }
  const set = child(q, 'set', NS.rsm);
  const maxText = set ? childText(set, 'max') : undefined;
  const maxN = maxText === undefined ? MAM_DEFAULT_MAX : Number(maxText);
  if (!Number.isInteger(maxN) || maxN < 0) {
    req.fail('bad-request');
    return;
  }
  const max = Math.min(maxN, MAM_MAX);
  const beforeEl = set ? child(set, 'before') : undefined;
  const before = beforeEl ? text(beforeEl) || undefined : undefined;
  const after = set ? childText(set, 'after') || undefined : undefined;
  for (const v of [before, after])
    if (v !== undefined && !/^[0-9]{1,19}$/.test(v)) {
      req.fail('item-not-found');
      return;
    }
  // Every acknowledged message, also one the journal has not handed to the database yet, and
  // every marker routed so far.
  await ctx.writer.settled();
  await ctx.markers.settled();
  const res = await queryArchive(ctx.db, {
    conv,
    owner: conv ? undefined : s.uuid,
    before,
    after,
    start,
    end,
    max,
  });
  const queryid = q.attrs.queryid || undefined;
  for (const row of res.rows) {
    s.send(
      serialize(
        el(
          'message',
          { xmlns: NS.client, from: archiveJid, to: s.jid },
          el(
            'result',
            { xmlns: NS.mam, queryid, id: row.id },
            el(
              'forwarded',
              { xmlns: NS.forward },
              el('delay', { xmlns: NS.delay, stamp: new Date(row.created_at).toISOString() }),
              rawXml(row.stanza),
            ),
          ),
        ),
      ),
    );
  }
  // The conversation's latest received/displayed markers from the others, as MongooseIM returns
  // archived markers: a result each (not counted in the RSM set), so a client restores the
  // delivery state of its own messages (issue 35).
  if (conv) {
    const archiveBare = ctx.userJid(s.uuid);
    for (const k of await latestMarkers(ctx.db, conv, s.uuid)) {
      const readerJid = ctx.userJid(k.reader);
      s.send(
        serialize(
          el(
            'message',
            { xmlns: NS.client, from: archiveJid, to: s.jid },
            el(
              'result',
              { xmlns: NS.mam, queryid, id: `${k.archive_id}-${k.type}` },
              el(
                'forwarded',
                { xmlns: NS.forward },
                el('delay', { xmlns: NS.delay, stamp: new Date(k.updated_at).toISOString() }),
                el(
                  'message',
                  isRoom
                    ? {
                        xmlns: NS.client,
                        from: `${archiveJid}/${readerJid}`,
                        to: archiveJid,
                        type: 'groupchat',
                        id: `${k.type}-${k.archive_id}`,
                      }
                    : {
                        xmlns: NS.client,
                        from: readerJid,
                        to: archiveBare,
                        type: 'chat',
                        id: `${k.type}-${k.archive_id}`,
                      },
                  el(k.type, { xmlns: NS.markers, id: k.message_id }),
                ),
              ),
            ),
          ),
        ),
      );
    }
  }
  const first = res.rows[0];
  const last = res.rows.at(-1);
  req.reply(
    el(
      'fin',
      { xmlns: NS.mam, complete: res.complete ? 'true' : 'false' },
      el(
        'set',
        { xmlns: NS.rsm },
        first && el('first', {}, first.id),
        last && el('last', {}, last.id),
        el('count', {}, String(res.count)),
      ),
    ),
  );
};
