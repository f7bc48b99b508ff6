import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@pando/domain';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { api, type Caller, demoCallers, teamId } from '../teams/testing.js';
import { contentDisposition, safeFilename } from './safety.js';

let ts: TestServer;
let dataDir: string;
let alice: Caller;
let bob: Caller;
let carol: Caller;
let dave: Caller;
let jpegWithGps: Buffer;

const uploadsDir = () => path.join(dataDir, 'uploads');

/** Every regular file under the upload directory (the store and its temp area). */
function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(uploadsDir(), p));
    }
  };
  walk(uploadsDir());
  return out.sort();
}

async function send(
  who: Caller,
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
): Promise<Response> {
  return fetch(`${ts.url}${url}`, { method, headers: { cookie: who.cookie }, body: form });
}

function form(
  field: string,
  bytes: Buffer | Uint8Array,
  filename: string,
  extra: Record<string, string> = {},
): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(extra)) f.append(k, v);
  f.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), filename);
  return f;
}

async function newChatImage(
  who: Caller,
  bytes: Buffer,
  filename: string,
): Promise<{ id: number; res: Response }> {
  const created = await api(ts, who, 'POST', '/api/v4/images/chat');
  expect(created.statusCode).toBe(201);
  const { id } = created.json<{ id: number }>();
  const res = await send(
    who,
    'PUT',
    `/api/v4/images/chat/${id}`,
    form('image', bytes, filename, { filename }),
  );
  return { id, res };
}

const get = (who: Caller, url: string) =>
  fetch(`${ts.url}${url}`, { headers: { cookie: who.cookie } });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-uploads-'));
  ts = await startTestServer({ dataDir });
  ({ alice, bob, carol, dave } = await demoCallers(ts));
  jpegWithGps = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#c33' },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'WardCam', Model: 'GPS-Leaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 26/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 39/1',
      },
    })
    .toBuffer();
});
afterAll(async () => {
  await ts.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('upload safety (OWASP file upload), on real files', () => {
  it('25 MiB + 1 byte is refused with 413 while streaming, and nothing is left on disk', async () => {
    const big = Buffer.alloc(26_214_401, 0);
    jpegWithGps.copy(big);
    const res = await send(alice, 'POST', '/api/v4/files', form('file', big, 'huge.jpg'));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toContain('25 Mb');
    expect(storedFiles()).toEqual([]);
    const img = await newChatImage(alice, big, 'huge.jpg');
    expect(img.res.status).toBe(413);
    expect(storedFiles()).toEqual([]);
  });

  it('exactly 26214400 bytes is within the limit', async () => {
    const pdf = Buffer.alloc(26_214_400, 0x20);
    Buffer.from('%PDF-1.4\n').copy(pdf);
    const res = await send(alice, 'POST', '/api/v4/files', form('file', pdf, 'limit.pdf'));
    expect(res.status).toBe(201);
    expect(((await res.json()) as { size: number }).size).toBe(26_214_400);
  });

  it('an HTML file named .jpg is refused with 415 (type by magic bytes)', async () => {
    const html = Buffer.from(
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    const before = storedFiles();
    expect((await newChatImage(alice, html, 'holiday.jpg')).res.status).toBe(415);
    expect(
      (await send(alice, 'POST', '/api/v4/files', form('file', html, 'report.pdf'))).status,
    ).toBe(415);
    expect(storedFiles()).toEqual(before);
  });

  it('SVG is refused (no sanitiser), and a zip that is not a Word document is not a docx', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
    );
    expect((await newChatImage(alice, svg, 'logo.svg')).res.status).toBe(415);
    const zip = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('evil/payload.exe'),
      Buffer.alloc(64),
    ]);
    expect(
      (await send(alice, 'POST', '/api/v4/files', form('file', zip, 'notes.docx'))).status,
    ).toBe(415);
  });

  it('a JPEG with GPS EXIF comes back without it, plus a thumbnail of at most 150 px', async () => {
    const input = await sharp(jpegWithGps).metadata();
    expect(input.exif?.includes(Buffer.from('GPS-Leaker'))).toBe(true);
    expect(
      input.exif?.includes(Buffer.from([0x88, 0x25])) ||
        input.exif?.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);
    const { id, res } = await newChatImage(alice, jpegWithGps, 'bay3.jpg');
    expect(res.status).toBe(200);
    const full = await get(alice, `/api/v4/images/chat/${id}`);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await full.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('GPS-Leaker'))).toBe(false);
    expect(bytes.includes(Buffer.from('WardCam'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([640, 480]);
    const thumb = await get(alice, `/api/v4/images/chat/${id}?thumbnail=true`);
    const t = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(Math.max(t.width, t.height)).toBeLessThanOrEqual(150);
    const events = await ts.db.query<{ n: number }>(
      `select count(*)::int as n from analytics_events where type = 'image_uploaded' and user_id = $1 and has_image`,
      [alice.id],
    );
    expect(events.rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it('downloads are attachments with RFC 6266 filename*, nosniff and a sandbox CSP', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');
    const res = await send(
      alice,
      'POST',
      '/api/v4/files',
      form('file', pdf, 'Entlassbrief Müller "final".pdf'),
    );
    const { id } = (await res.json()) as { id: number };
    const dl = await get(alice, `/api/v4/files/${id}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dl.headers.get('content-security-policy')).toContain('sandbox');
    const cd = dl.headers.get('content-disposition') ?? '';
    expect(cd).toMatch(
      /^attachment; filename="Entlassbrief M_ller _final_.pdf"; filename\*=UTF-8''Entlassbrief%20M%C3%BCller%20%22final%22.pdf$/,
    );
    expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('../../x and 300-character file names are stored safely', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const traversal = await send(alice, 'POST', '/api/v4/files', form('file', pdf, '../../x'));
    expect(traversal.status).toBe(201);
    expect(((await traversal.json()) as { filename: string }).filename).toBe('x');
    expect(fs.existsSync(path.join(dataDir, 'x'))).toBe(false);
    expect(fs.existsSync(path.resolve(uploadsDir(), '../../x'))).toBe(false);
    const long = `${'a'.repeat(296)}.pdf`;
    const res = await send(alice, 'POST', '/api/v4/files', form('file', pdf, long));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; filename: string };
    expect(body.filename).toHaveLength(255);
    expect(body.filename.endsWith('.pdf')).toBe(true);
    // Stored names are generated keys only.
    expect(storedFiles().every((f) => /^[0-9a-f]{2}\/[0-9a-f-]{36}(\.thumb)?$/.test(f))).toBe(true);
    const dl = await get(alice, `/api/v4/files/${body.id}`);
    expect(dl.headers.get('content-disposition')).toContain('.pdf');
  });

  it('safeFilename strips directories, control and bidi characters', () => {
    expect(safeFilename('..\\..\\windows\\x.exe')).toBe('x.exe');
    expect(safeFilename('inv\u202eoice.pdf')).toBe('invoice.pdf');
    expect(safeFilename('\u0000\n')).toBe('file');
    expect(safeFilename('.htaccess')).toBe('htaccess');
    expect(contentDisposition('a\r\nb.pdf')).not.toMatch(/[\r\n]/);
  });

  it('a file field under another name, or no file at all, is a 400 naming the field', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const wrong = await send(alice, 'POST', '/api/v4/files', form('attachment', pdf, 'a.pdf'));
    expect(wrong.status).toBe(400);
    const none = new FormData();
    none.append('user_ids', String(bob.id));
    const missing = await send(alice, 'POST', '/api/v4/files', none);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain('"path":"file"');
  });
});

describe('who may read (spec: only the uploader and the people it was shared with)', () => {
  it("a stranger's GET is a 403; a missing id a 404", async () => {
    const { id } = await newChatImage(alice, jpegWithGps, 'private.jpg');
    for (const stranger of [bob, carol, dave]) {
      expect((await get(stranger, `/api/v4/images/chat/${id}`)).status).toBe(403);
    }
    expect((await get(bob, '/api/v4/images/chat/99999999')).status).toBe(404);
    const pdf = await send(
      alice,
      'POST',
      '/api/v4/files',
      form('file', Buffer.from('%PDF-1.4\n'), 'p.pdf'),
    );
    const fileId = ((await pdf.json()) as { id: number }).id;
    expect((await get(dave, `/api/v4/files/${fileId}`)).status).toBe(403);
    expect((await get(bob, `/api/v4/files/${fileId}`)).status).toBe(403);
  });

  it('share to a user, a team (members only, while members) and an advice conversation, access_type READ', async () => {
    const { id } = await newChatImage(alice, jpegWithGps, 'shared.jpg');
    const toUser = await api(
      ts,
      alice,
      'POST',
      `/api/v4/images/chat/${id}/share/users/${carol.id}`,
      { access_type: 'READ' },
    );
    expect(toUser.statusCode).toBe(200);
    expect((await get(carol, `/api/v4/images/chat/${id}`)).status).toBe(200);
    expect(
      (
        await api(ts, alice, 'POST', `/api/v4/images/chat/${id}/share/users/${dave.id}`, {
          access_type: 'READ',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api(ts, alice, 'POST', `/api/v4/images/chat/${id}/share/users/${bob.id}`, {
          access_type: 'WRITE',
        })
      ).statusCode,
    ).toBe(400);

    const team = (
      await api(ts, alice, 'POST', '/api/v4/teams', {
        name: 'Image share team',
        user_ids: [bob.id],
      })
    ).json<{ id: number }>();
    expect((await get(bob, `/api/v4/images/chat/${id}`)).status).toBe(403);
    expect(
      (
        await api(ts, alice, 'POST', `/api/v4/images/chat/${id}/share/teams/${team.id}`, {
          access_type: 'READ',
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(bob, `/api/v4/images/chat/${id}`)).status).toBe(200);
    await api(ts, bob, 'POST', `/api/v4/teams/${team.id}/leave`);
    expect((await get(bob, `/api/v4/images/chat/${id}`)).status).toBe(403);
    // Sharing into a team you are not in looks like a missing team.
    const nightShift = await teamId(ts, 'Night Shift');
    expect(
      (
        await api(ts, alice, 'POST', `/api/v4/images/chat/${id}/share/teams/${nightShift.id}`, {
          access_type: 'READ',
        })
      ).statusCode,
    ).toBe(404);

    const cardiology = await teamId(ts, 'Cardiology Advice');
    const conv = (
      await api(ts, alice, 'POST', `/api/v4/teams/${cardiology.id}/advice-conversations`, {
        message: 'See image',
      })
    ).json<{ id: number }>();
    expect(
      (
        await api(
          ts,
          alice,
          'POST',
          `/api/v4/images/chat/${id}/share/advice-conversation/${conv.id}`,
          { access_type: 'READ' },
        )
      ).statusCode,
    ).toBe(200);
    expect((await get(bob, `/api/v4/images/chat/${id}`)).status).toBe(200); // bob is in the advice team
  });

  it('POST /files with user_ids, team_ids, advice_ids as comma lists shares at upload', async () => {
    const w7 = await teamId(ts, 'Ward 7 Team');
    const f = form('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'ward.pdf', {
      user_ids: `${carol.id}`,
      team_ids: `${w7.id}`,
    });
    const res = await send(alice, 'POST', '/api/v4/files', f);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect((await get(carol, `/api/v4/files/${id}`)).status).toBe(200);
    expect((await get(bob, `/api/v4/files/${id}`)).status).toBe(200);
    expect((await get(dave, `/api/v4/files/${id}`)).status).toBe(403);
    const bad = await send(
      alice,
      'POST',
      '/api/v4/files',
      form('file', Buffer.from('%PDF-1.4\n'), 'x.pdf', { user_ids: `${dave.id}` }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('user_ids');
    const junk = await send(
      alice,
      'POST',
      '/api/v4/files',
      form('file', Buffer.from('%PDF-1.4\n'), 'x.pdf', { team_ids: '1,abc' }),
    );
    expect(junk.status).toBe(400);
  });

  it('only the uploader uploads the bytes, once', async () => {
    const created = (await api(ts, alice, 'POST', '/api/v4/images/chat')).json<{ id: number }>();
    expect(
      (
        await send(
          bob,
          'PUT',
          `/api/v4/images/chat/${created.id}`,
          form('image', jpegWithGps, 'a.jpg'),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await send(
          alice,
          'PUT',
          `/api/v4/images/chat/${created.id}`,
          form('image', jpegWithGps, 'a.jpg'),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await send(
          alice,
          'PUT',
          `/api/v4/images/chat/${created.id}`,
          form('image', jpegWithGps, 'a.jpg'),
        )
      ).status,
    ).toBe(409);
  });
});

describe('a chat image is stored once, whole or not at all', () => {
  const plain = (background: string) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background } })
      .png()
      .toBuffer();
  const redOf = async (bytes: Buffer) => (await sharp(bytes).raw().toBuffer())[0];

  it('two uploads of one image at once: one is stored, the other gets the 409, and the image is the one that won', async () => {
    const created = (await api(ts, alice, 'POST', '/api/v4/images/chat')).json<{ id: number }>();
    const url = `/api/v4/images/chat/${created.id}`;
    const red = await plain('#f00');
    const blue = await plain('#00f');
    const [a, b] = await Promise.all([
      send(alice, 'PUT', url, form('image', red, 'red.png')),
      send(alice, 'PUT', url, form('image', blue, 'blue.png')),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await loser.json()).toMatchObject({
      message: TEXTS.imageAlreadyUploaded,
      internalCode: 'IMAGE_ALREADY_UPLOADED',
    });
    const shown = await get(alice, url);
    expect(shown.status).toBe(200);
    expect(await redOf(Buffer.from(await shown.arrayBuffer()))).toBe(a.status === 200 ? 255 : 0);
  });

  it('when its record cannot be written, the stored bytes are removed and the upload may be sent again', async () => {
    const created = (await api(ts, alice, 'POST', '/api/v4/images/chat')).json<{ id: number }>();
    const url = `/api/v4/images/chat/${created.id}`;
    const key = (
      await ts.db.query<{ key: string }>(
        'select image_key::text as key from images where id = $1',
        [created.id],
      )
    ).rows[0]!.key;
    // The upload's last write fails, after the bytes and the thumbnail were stored.
    await ts.db.query(
      `create function refuse_upload_event() returns trigger language plpgsql as $$
         begin raise exception 'analytics are unavailable'; end $$`,
    );
    await ts.db.query(
      `create trigger refuse_upload_event before insert on analytics_events for each row
         when (new.type = 'image_uploaded') execute function refuse_upload_event()`,
    );
    try {
      const failed = await send(alice, 'PUT', url, form('image', jpegWithGps, 'ward.jpg'));
      expect(failed.status).toBe(500);
    } finally {
      await ts.db.query('drop trigger refuse_upload_event on analytics_events');
      await ts.db.query('drop function refuse_upload_event()');
    }
    expect(storedFiles().filter((f) => f.includes(key))).toEqual([]);
    expect((await get(alice, url)).status).toBe(404);

    const again = await send(alice, 'PUT', url, form('image', jpegWithGps, 'ward.jpg'));
    expect(again.status).toBe(200);
    expect((await get(alice, url)).status).toBe(200);
  });
});

/** A 24-bit bottom-up BMP of `pixels` (rows of [r, g, b]), written byte by byte. */
function bmp24(pixels: [number, number, number][][]): Buffer {
  const height = pixels.length;
  const width = pixels[0]?.length ?? 0;
  const stride = Math.ceil((width * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + stride * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  pixels.forEach((row, y) => {
    row.forEach(([r, g, b], x) => {
      const o = 54 + (height - 1 - y) * stride + x * 3;
      buf[o] = b;
      buf[o + 1] = g;
      buf[o + 2] = r;
    });
  });
  return buf;
}

/** An icon file with one entry holding `entry` (PNG bytes or a DIB). */
function ico(entry: Buffer, size: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head[6] = size;
  head[7] = size;
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(entry.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, entry]);
}

async function pixelsOf(
  who: Caller,
  id: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const res = await get(who, `/api/v4/images/chat/${id}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('a closed advice conversation is read-only (issue 35)', () => {
  it('refuses an image, a file and a patient card shared into it, with the reason, and stores nothing', async () => {
    const cardiology = await teamId(ts, 'Cardiology Advice');
    const conv = (
      await api(ts, alice, 'POST', `/api/v4/teams/${cardiology.id}/advice-conversations`, {
        message: 'Closed writes',
      })
    ).json<{ id: number }>();
    const base = `/api/v4/teams/${cardiology.id}/advice-conversations/${conv.id}`;
    expect((await api(ts, alice, 'PUT', `${base}/resolve`)).statusCode).toBe(200);
    expect((await api(ts, bob, 'PUT', `${base}/accept`)).statusCode).toBe(200);
    const closed = 'This advice conversation is closed: nothing more can be added to it.';

    const { id: imageId, res } = await newChatImage(alice, jpegWithGps, 'late.jpg');
    expect(res.status).toBe(200);
    const share = await api(
      ts,
      alice,
      'POST',
      `/api/v4/images/chat/${imageId}/share/advice-conversation/${conv.id}`,
      { access_type: 'READ' },
    );
    expect(share.statusCode, share.body).toBe(409);
    expect(share.json<{ message: string }>().message).toContain(closed);
    expect((await get(bob, `/api/v4/images/chat/${imageId}`)).status).toBe(403);

    const filesBefore = await ts.db.query<{ n: number }>('select count(*)::int as n from files');
    const file = await send(
      alice,
      'POST',
      '/api/v4/files',
      form('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'late.pdf', { advice_ids: `${conv.id}` }),
    );
    expect(file.status).toBe(409);
    expect(JSON.stringify(await file.json())).toContain('advice_ids');
    const filesAfter = await ts.db.query<{ n: number }>('select count(*)::int as n from files');
    expect(filesAfter.rows[0]!.n).toBe(filesBefore.rows[0]!.n);

    const card = await api(
      ts,
      alice,
      'POST',
      `/api/v4/cards-multiple-reassign?assignee=users&assignee_id=${String(alice.id)}&with_empty_task=false`,
      { title: 'Closed advice card', subtitle: '' },
    );
    expect(card.statusCode, card.body).toBe(201);
    const cardShare = await api(
      ts,
      alice,
      'POST',
      `/api/v4/cards-multiple-reassign/${card.json<{ id: number }>().id}/share/advice-conversation/${conv.id}`,
      { access_type: 'READ' },
    );
    expect(cardShare.statusCode, cardShare.body).toBe(409);
    expect(cardShare.json<{ message: string }>().message).toContain(closed);
  });
});

describe('BMP and ICO are on the allowlist and re-encoded like every image', () => {
  it('a 24-bit BMP comes back as PNG with the same pixels', async () => {
    const { id, res } = await newChatImage(
      alice,
      bmp24([
        [
          [255, 0, 0],
          [0, 255, 0],
          [0, 0, 255],
        ],
        [
          [255, 255, 255],
          [0, 0, 0],
          [10, 20, 30],
        ],
      ]),
      'scan.bmp',
    );
    expect(res.status).toBe(200);
    const px = await pixelsOf(alice, id);
    expect([px.width, px.height]).toEqual([3, 2]);
    expect([...px.data.subarray(0, 12)]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255]);
    expect([...px.data.subarray(20, 24)]).toEqual([10, 20, 30, 255]);
  });

  it('an icon holding a PNG, and one holding a 32-bit bitmap with alpha, are read', async () => {
    const png = await sharp({
      create: {
        width: 16,
        height: 16,
        channels: 4,
        background: { r: 0, g: 128, b: 255, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
    const a = await newChatImage(alice, ico(png, 16), 'favicon.ico');
    expect(a.res.status).toBe(200);
    expect([...(await pixelsOf(alice, a.id)).data.subarray(0, 4)]).toEqual([0, 128, 255, 255]);

    const dib = Buffer.alloc(40 + 2 * 2 * 4 + 2 * 4);
    dib.writeUInt32LE(40, 0);
    dib.writeInt32LE(2, 4);
    dib.writeInt32LE(4, 8); // colour + mask rows
    dib.writeUInt16LE(1, 12);
    dib.writeUInt16LE(32, 14);
    for (let i = 0; i < 4; i++) dib.writeUInt32LE(i === 0 ? 0x80ff0000 : 0xff00ff00, 40 + i * 4); // ARGB
    const b = await newChatImage(alice, ico(dib, 2), 'tiny.ico');
    expect(b.res.status).toBe(200);
    const px = await pixelsOf(alice, b.id);
    // Bottom-up: the first stored pixel is the bottom-left one.
    expect([...px.data.subarray(8, 12)]).toEqual([255, 0, 0, 128]);
    expect([...px.data.subarray(0, 4)]).toEqual([0, 255, 0, 255]);
  });

  it('a truncated or unsupported BMP is a 415, never a crash', async () => {
    const good = bmp24([[[1, 2, 3]]]);
    expect((await newChatImage(alice, good.subarray(0, 40), 'cut.bmp')).res.status).toBe(415);
    const rle = Buffer.from(good);
    rle.writeUInt32LE(1, 30); // BI_RLE8
    expect((await newChatImage(alice, rle, 'rle.bmp')).res.status).toBe(415);
    const huge = Buffer.from(good);
    huge.writeInt32LE(100_000, 18);
    huge.writeInt32LE(100_000, 22);
    expect((await newChatImage(alice, huge, 'bomb.bmp')).res.status).toBe(415);
  });
});
