import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/** POST/GET/DELETE /structured/files and the thumbnail (spec 02 §7, issue 20), on real files. */

let ts: TestServer;
let dataDir: string;
let token: Record<'alice' | 'bob' | 'carol', string>;
let jpegWithGps: Buffer;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');

/** Every regular file under the upload store (its temp area included). */
function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(e.name);
    }
  };
  walk(path.join(dataDir, 'uploads'));
  return out.sort();
}

function upload(who: string, bytes: Buffer, filename: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), filename);
  return fetch(`${ts.url}/api/v4/structured/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who}` },
    body: form,
  });
}

const call = (who: string, method: 'GET' | 'DELETE' | 'POST', url: string, body?: unknown) =>
  fetch(`${ts.url}/api/v4${url}`, {
    method,
    headers: {
      authorization: `Bearer ${who}`,
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

interface Mail {
  subject: string;
  text: string;
  attachments: { filename: string; content_type: string; size: number; sha256: string }[];
}
const mailbox = async (to: string) =>
  (await (await fetch(`${ts.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as {
    results: Mail[];
  };

async function guidOf(res: Response): Promise<string> {
  expect(res.status).toBe(201);
  const body = (await res.json()) as { file: { file_guid: string } };
  expect(body.file.file_guid).toMatch(/^[0-9a-f-]{36}$/);
  return body.file.file_guid;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-structured-files-'));
  // A small attachment limit, so the 413 is played with a small file.
  ts = await startTestServer({ dataDir, mailAttachmentMaxBytes: 2_000_000 });
  const [alice, bob, carol] = await Promise.all(
    [DEMO_ACCOUNTS.alice, DEMO_ACCOUNTS.bob, DEMO_ACCOUNTS.carol].map((e) => ts.login(e)),
  );
  token = { alice: alice!.accessToken, bob: bob!.accessToken, carol: carol!.accessToken };
  jpegWithGps = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#3a6' },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'WardCam', Model: 'GPS-Leaker' } })
    .toBuffer();
});
afterAll(async () => {
  await ts.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('structured files', () => {
  it('stores an image re-encoded without its metadata, with a thumbnail; the uploader and their organisation read it, another organisation gets the 404 of a missing guid', async () => {
    const guid = await guidOf(await upload(token.alice, jpegWithGps, 'wound photo.jpg'));
    const own = await call(token.alice, 'GET', `/structured/files/${guid}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect(own.headers.get('content-disposition')).toContain('wound photo.jpg');
    expect(own.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const bytes = Buffer.from(await own.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([640, 480]);
    expect(meta.exif).toBeUndefined();

    const thumb = await call(token.bob, 'GET', `/structured/files/thumbnail/${guid}`);
    expect(thumb.status).toBe(200);
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(thumbMeta.width).toBeLessThan(640);
    expect((await call(token.bob, 'GET', `/structured/files/${guid}`)).status).toBe(200);

    const outsider = await call(token.carol, 'GET', `/structured/files/${guid}`);
    const missing = await call(token.carol, 'GET', `/structured/files/${crypto.randomUUID()}`);
    expect(outsider.status).toBe(404);
    expect(await outsider.text()).toBe(await missing.text());
    expect((await call(token.carol, 'GET', `/structured/files/thumbnail/${guid}`)).status).toBe(
      404,
    );
    expect((await call(token.alice, 'GET', '/structured/files/not-a-guid')).status).toBe(400);
  });

  it('stores a PDF as it is; a document has no thumbnail', async () => {
    const guid = await guidOf(await upload(token.alice, PDF, 'referral.pdf'));
    const res = await call(token.alice, 'GET', `/structured/files/${guid}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await call(token.alice, 'GET', `/structured/files/thumbnail/${guid}`)).status).toBe(
      404,
    );
  });

  it('refuses an HTML page named .jpg (415), a file over 25 MB (413) and a missing file part (400), storing nothing', async () => {
    const rows = async () =>
      (await ts.db.query<{ n: number }>('select count(*)::int as n from structured_files')).rows[0]!
        .n;
    const before = { rows: await rows(), files: storedFiles() };
    const html = await upload(token.alice, Buffer.from('<html><script>x</script></html>'), 'a.jpg');
    expect(html.status).toBe(415);
    const big = Buffer.alloc(26_214_401, 0x20);
    PDF.copy(big);
    const tooBig = await upload(token.alice, big, 'big.pdf');
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toContain('25 Mb');
    const wrongField = await upload(token.alice, PDF, 'a.pdf', 'image');
    expect(wrongField.status).toBe(400);
    expect(((await wrongField.json()) as { details: { path: string }[] }).details[0]?.path).toBe(
      'image',
    );
    expect(await rows()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  });

  it('deletes for the uploader only (a colleague gets 403): the bytes and thumbnail go, the guid then answers 404', async () => {
    const guid = await guidOf(await upload(token.alice, jpegWithGps, 'delete me.jpg'));
    expect(storedFiles()).toEqual(expect.arrayContaining([guid, `${guid}.thumb`]));
    const colleague = await call(token.bob, 'DELETE', `/structured/files/${guid}`);
    expect(colleague.status).toBe(403);
    expect(((await colleague.json()) as { message: string }).message).toBe(
      'Only the person who uploaded this file can delete it.',
    );
    expect((await call(token.carol, 'DELETE', `/structured/files/${guid}`)).status).toBe(404);
    expect((await call(token.alice, 'DELETE', `/structured/files/${guid}`)).status).toBe(204);
    expect(storedFiles()).not.toContain(guid);
    expect(storedFiles()).not.toContain(`${guid}.thumb`);
    expect((await call(token.alice, 'GET', `/structured/files/${guid}`)).status).toBe(404);
    expect((await call(token.alice, 'DELETE', `/structured/files/${guid}`)).status).toBe(404);
  });

  it('every delete, done or refused, is in the audit trail with who did it and the guid', async () => {
    const guid = await guidOf(await upload(token.alice, PDF, 'audited.pdf'));
    expect((await call(token.bob, 'DELETE', `/structured/files/${guid}`)).status).toBe(403);
    expect((await call(token.alice, 'DELETE', `/structured/files/${guid}`)).status).toBe(204);
    await ts.app.audit.flush();
    const r = await ts.db.query<{ email: string; outcome: string; status: number }>(
      `select u.email, a.outcome, a.status from audit_events a join users u on u.id = a.user_id
        where a.action = 'structured_file.delete' and a.resource_type = 'structured_file'
          and a.resource_id = $1 order by a.at, a.id`,
      [guid],
    );
    expect(r.rows).toEqual([
      { email: DEMO_ACCOUNTS.bob, outcome: 'refused', status: 403 },
      { email: DEMO_ACCOUNTS.alice, outcome: 'allowed', status: 204 },
    ]);
  });

  it('every upload, download and thumbnail view, done or refused, is in the audit trail with who and the guid, never the filename', async () => {
    const filename = 'Jane Doe 1970-01-01 wound.jpg';
    const guid = await guidOf(await upload(token.alice, jpegWithGps, filename));
    expect((await call(token.bob, 'GET', `/structured/files/${guid}`)).status).toBe(200);
    expect((await call(token.bob, 'GET', `/structured/files/thumbnail/${guid}`)).status).toBe(200);
    expect((await call(token.carol, 'GET', `/structured/files/${guid}`)).status).toBe(404);
    expect((await call(token.carol, 'GET', `/structured/files/thumbnail/${guid}`)).status).toBe(
      404,
    );
    const refusedUpload = await upload(token.carol, Buffer.from('<html></html>'), 'Jane Doe.jpg');
    expect(refusedUpload.status).toBe(415);
    await ts.app.audit.flush();
    const r = await ts.db.query<{
      email: string;
      action: string;
      resource_id: string | null;
      outcome: string;
      status: number;
      detail: Record<string, unknown>;
    }>(
      `select u.email, a.action, a.resource_id, a.outcome, a.status, a.detail
         from audit_events a join users u on u.id = a.user_id
        where a.resource_type = 'structured_file' and a.action like 'structured_file%'
          and (a.resource_id = $1 or (a.action = 'structured_file.upload' and u.email = $2))
        order by a.at, a.id`,
      [guid, DEMO_ACCOUNTS.carol],
    );
    expect(r.rows.map((e) => [e.email, e.action, e.resource_id, e.outcome, e.status])).toEqual([
      [DEMO_ACCOUNTS.alice, 'structured_file.upload', guid, 'allowed', 201],
      [DEMO_ACCOUNTS.bob, 'structured_file.read', guid, 'allowed', 200],
      [DEMO_ACCOUNTS.bob, 'structured_file_thumbnail.read', guid, 'allowed', 200],
      [DEMO_ACCOUNTS.carol, 'structured_file.read', guid, 'refused', 404],
      [DEMO_ACCOUNTS.carol, 'structured_file_thumbnail.read', guid, 'refused', 404],
      [DEMO_ACCOUNTS.carol, 'structured_file.upload', null, 'refused', 415],
    ]);
    // A filename may name a patient: it is nowhere in the trail.
    expect(JSON.stringify(r.rows)).not.toContain('Jane Doe');
  });

  it('needs a login', async () => {
    const res = await fetch(`${ts.url}/api/v4/structured/files/${crypto.randomUUID()}`);
    expect(res.status).toBe(401);
  });
});

describe('POST /structured/email/{file|image}/{guid}', () => {
  it('mails an image as an attachment, the bytes the download gives; the dev mailbox shows it', async () => {
    const guid = await guidOf(await upload(token.alice, jpegWithGps, 'obs chart.jpg'));
    const res = await call(token.bob, 'POST', `/structured/email/image/${guid}`, {
      address: 'Ward.Clerk@Example.org',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(
      'obs chart.jpg was sent to ward.clerk@example.org',
    );
    const stored = Buffer.from(
      await (await call(token.alice, 'GET', `/structured/files/${guid}`)).arrayBuffer(),
    );
    const [mail] = (await mailbox('ward.clerk@example.org')).results;
    expect(mail?.text).toContain('obs chart.jpg');
    expect(mail?.attachments).toEqual([
      {
        filename: 'obs chart.jpg',
        content_type: 'image/jpeg',
        size: stored.length,
        sha256: createHash('sha256').update(stored).digest('hex'),
      },
    ]);
  });

  it('mails a PDF as a file; `image` on a document, another organisation and a bad address are refused without mail', async () => {
    const guid = await guidOf(await upload(token.alice, PDF, 'discharge.pdf'));
    const to = 'gp.surgery@example.org';
    expect(
      (await call(token.alice, 'POST', `/structured/email/image/${guid}`, { address: to })).status,
    ).toBe(404);
    expect(
      (await call(token.carol, 'POST', `/structured/email/file/${guid}`, { address: to })).status,
    ).toBe(404);
    const bad = await call(token.alice, 'POST', `/structured/email/file/${guid}`, {
      address: 'not an address',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: { path: string }[] }).details[0]?.path).toBe(
      'address',
    );
    expect((await mailbox(to)).results).toEqual([]);
    const ok = await call(token.alice, 'POST', `/structured/email/file/${guid}`, { address: to });
    expect(ok.status).toBe(200);
    const mails = (await mailbox(to)).results;
    expect(
      mails.map((m) => m.attachments.map((a) => [a.filename, a.content_type, a.size])),
    ).toEqual([[['discharge.pdf', 'application/pdf', PDF.length]]]);
  });

  it('answers 413 for a file over MAIL_ATTACHMENT_MAX_BYTES, sending nothing', async () => {
    const big = Buffer.alloc(2_000_001, 0x20);
    PDF.copy(big);
    const guid = await guidOf(await upload(token.alice, big, 'scan.pdf'));
    const to = 'too.big@example.org';
    const res = await call(token.alice, 'POST', `/structured/email/file/${guid}`, { address: to });
    expect(res.status).toBe(413);
    expect((await mailbox(to)).results).toEqual([]);
  });
});
