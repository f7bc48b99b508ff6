import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { api, type Caller, demoCallers } from '../teams/testing.js';

let ts: TestServer;
let dataDir: string;
let alice: Caller;
let bob: Caller;
let carol: Caller;

const pdf = Buffer.from('%PDF-1.4\n% discharge summary\n1 0 obj << >> endobj\n%%EOF\n');
const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 0x20)]);
// A valid 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** bob uploads a PDF shared with alice only; its id. */
async function bobSendsToAlice(bytes: Buffer, filename: string): Promise<number> {
  const form = new FormData();
  form.append('user_ids', String(alice.id));
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
  const res = await fetch(`${ts.url}/api/v4/files`, {
    method: 'POST',
    headers: { cookie: bob.cookie },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function mailbox(to: string) {
  const res = await api(ts, undefined, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  return res.json<{
    results: {
      subject: string;
      text: string;
      attachments: { filename: string; content_type: string; size: number; sha256: string }[];
    }[];
  }>().results;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-file-email-'));
  ts = await startTestServer({
    dataDir,
    fileEmailLimit: { perUser: 3, windowMs: 60_000 },
    mailAttachmentMaxBytes: 2048,
  });
  ({ alice, bob, carol } = await demoCallers(ts));
});

afterAll(async () => {
  await ts.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /files/{id}/email (issue 24: the file-action modal emails a chat file)', () => {
  it('a reader gets the file as an attachment: same bytes, name and detected type', async () => {
    const id = await bobSendsToAlice(pdf, 'Discharge summary.pdf');
    const res = await api(ts, alice, 'POST', `/api/v4/files/${String(id)}/email`, {
      address: `  ${alice.email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: `Discharge summary.pdf was sent to ${alice.email}`,
    });
    const [mail] = await mailbox(alice.email);
    expect(mail?.subject).toBe('Pando: Discharge summary.pdf');
    expect(mail?.text).toContain(`Alice Anderson (${alice.email}) sent you a file`);
    expect(mail?.attachments).toEqual([
      {
        filename: 'Discharge summary.pdf',
        content_type: 'application/pdf',
        size: pdf.length,
        sha256: sha(pdf),
      },
    ]);
  });

  it('someone the file was not shared with is refused (403, as for the download) and nothing is mailed', async () => {
    const id = await bobSendsToAlice(pdf, 'private.pdf');
    const before = (await mailbox(carol.email)).length;
    const res = await api(ts, carol, 'POST', `/api/v4/files/${String(id)}/email`, {
      address: carol.email,
    });
    expect(res.statusCode).toBe(403);
    expect((await api(ts, carol, 'GET', `/api/v4/files/${String(id)}`)).statusCode).toBe(403);
    expect(await mailbox(carol.email)).toHaveLength(before);
    const missing = await api(ts, alice, 'POST', '/api/v4/files/99999999/email', {
      address: alice.email,
    });
    expect(missing.statusCode).toBe(404);
    const anonymous = await api(ts, undefined, 'POST', `/api/v4/files/${String(id)}/email`, {
      address: alice.email,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a bad address is a 400 naming `address`; a list of addresses is not one address', async () => {
    const id = await bobSendsToAlice(pdf, 'a.pdf');
    for (const address of ['alice', 'alice@example', 'a@b.co, eve@evil.example', '']) {
      const res = await api(ts, alice, 'POST', `/api/v4/files/${String(id)}/email`, { address });
      expect(res.statusCode, address).toBe(400);
      const body = res.json<{ message: string; details?: { path: string }[] }>();
      expect(body.details?.map((d) => d.path)).toContain('address');
    }
    const none = await api(ts, alice, 'POST', `/api/v4/files/${String(id)}/email`, {});
    expect(none.statusCode).toBe(400);
  });

  it('a file over MAIL_ATTACHMENT_MAX_BYTES is a 413 (download instead), spending no budget', async () => {
    const id = await bobSendsToAlice(big, 'scan.pdf');
    const res = await api(ts, alice, 'POST', `/api/v4/files/${String(id)}/email`, {
      address: alice.email,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/too large to email/);
  });

  it('a chat image goes the same way (image:viewer), as the stored re-encoded PNG', async () => {
    const created = await api(ts, bob, 'POST', '/api/v4/images/chat');
    const { id } = created.json<{ id: number }>();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'ecg.png');
    const put = await fetch(`${ts.url}/api/v4/images/chat/${String(id)}`, {
      method: 'PUT',
      headers: { cookie: bob.cookie },
      body: form,
    });
    expect(put.status).toBe(200);
    // Not shared yet: carol (and alice) may not read it, so may not email it.
    const refused = await api(ts, carol, 'POST', `/api/v4/images/chat/${String(id)}/email`, {
      address: carol.email,
    });
    expect(refused.statusCode).toBe(403);
    const stored = Buffer.from(
      await (
        await fetch(`${ts.url}/api/v4/images/chat/${String(id)}`, {
          headers: { cookie: bob.cookie },
        })
      ).arrayBuffer(),
    );
    const res = await api(ts, bob, 'POST', `/api/v4/images/chat/${String(id)}/email`, {
      address: bob.email,
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailbox(bob.email);
    expect(mail?.attachments).toEqual([
      { filename: 'ecg.png', content_type: 'image/png', size: stored.length, sha256: sha(stored) },
    ]);
    // A record without bytes (its upload never came) has nothing to send.
    const empty = (await api(ts, bob, 'POST', '/api/v4/images/chat')).json<{ id: number }>();
    const none = await api(ts, bob, 'POST', `/api/v4/images/chat/${String(empty.id)}/email`, {
      address: bob.email,
    });
    expect(none.statusCode).toBe(404);
  });

  it('FILE_EMAIL_LIMIT_PER_USER per window: then 429 with Retry-After, for that person only', async () => {
    const id = await bobSendsToAlice(pdf, 'again.pdf');
    const send = (who: Caller) =>
      api(ts, who, 'POST', `/api/v4/files/${String(id)}/email`, { address: who.email });
    // alice has used one email of three in the first test.
    expect((await send(alice)).statusCode).toBe(200);
    expect((await send(alice)).statusCode).toBe(200);
    const refused = await send(alice);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ internalCode?: string }>().internalCode).toBe('RATE_LIMITED');
    expect((await send(bob)).statusCode).toBe(200);
  });
});
