import { createHash } from 'node:crypto';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, DevMailbox } from './mailer.js';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const pdf = Buffer.from('%PDF-1.4\n% a tiny test file\n%%EOF\n');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A minimal SMTP listener: answers the dialogue nodemailer speaks and keeps each DATA block. */
function smtpSink() {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO')) socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return {
    messages,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          resolve((server.address() as net.AddressInfo).port);
        }),
      ),
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}

describe('mailer attachments', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('the dev mailbox records each attachment by name, type, size and SHA-256 (not the bytes)', async () => {
    const mailbox = new DevMailbox(() => new Date('2026-01-01T00:00:00Z'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Pando <no-reply@pando.localhost>',
      mailbox,
      logBodies: false,
      log,
    });
    await mailer.send({
      to: 'Alice@Example.org',
      subject: 'A file',
      text: 'see attached',
      attachments: [{ filename: 'report.pdf', contentType: 'application/pdf', content: pdf }],
    });
    await mailer.send({ to: 'alice@example.org', subject: 'Plain', text: 'no file' });
    const [plain, withFile] = mailbox.list('alice@example.org');
    expect(plain?.attachments).toEqual([]);
    expect(withFile).toEqual({
      to: 'alice@example.org',
      subject: 'A file',
      text: 'see attached',
      attachments: [
        {
          filename: 'report.pdf',
          content_type: 'application/pdf',
          size: pdf.length,
          sha256: sha(pdf),
        },
      ],
      sent_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('over SMTP the file travels as a base64 MIME part with its name and type', async () => {
    const sink = smtpSink();
    const port = await sink.listen();
    closers.push(sink.close);
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Pando <no-reply@pando.localhost>',
      mailbox: undefined,
      logBodies: false,
      log,
    });
    closers.push(() => mailer.close());
    await mailer.send({
      to: 'bob@example.org',
      subject: 'A file',
      text: 'see attached',
      attachments: [{ filename: 'report.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect(sink.messages).toHaveLength(1);
    const raw = sink.messages[0] ?? '';
    expect(raw).toMatch(/Content-Type: application\/pdf; name=report\.pdf/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=report\.pdf/);
    const part = raw
      .split(/\r\n\r\n/)
      .find((block, i, all) => /application\/pdf/.test(all[i - 1] ?? ''));
    expect(
      Buffer.from((part ?? '').split(/\r\n--/)[0]?.replace(/\s+/g, '') ?? '', 'base64'),
    ).toEqual(pdf);
  });
});
