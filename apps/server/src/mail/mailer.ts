import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';

/** A file carried by an email (nodemailer attachment, base64 on the wire). */
interface EmailAttachment {
  /** The name the recipient sees; callers pass a safe name (uploads' `safeFilename`). */
  filename: string;
  /** The stored, server-detected content type (never the uploader's claim). */
  contentType: string;
  /** The bytes. Whole in memory: callers bound the size (`config.mailAttachmentMaxBytes`). */
  content: Buffer;
}

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Files carried by the email; none when absent. */
  attachments?: EmailAttachment[];
}

/**
 * An attachment as the dev mailbox keeps it: what it is, not its bytes (a mailbox of 1,000
 * emails with 25 MB files would not fit in memory). `sha256` (hex) lets a test prove the bytes.
 */
interface StoredAttachment {
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
}

/** An email as GET /api/dev/mailbox answers it; `attachments` is [] for a plain email. */
export interface StoredEmail {
  to: string;
  subject: string;
  text: string;
  attachments: StoredAttachment[];
  sent_at: string;
}

/** Sends email; the server never awaits delivery on a request path (no timing oracle). */
export interface Mailer {
  send(email: Email): Promise<void>;
  close(): Promise<void>;
}

/**
 * The dev mailbox of GET /api/dev/mailbox: newest first, bounded so it cannot grow forever. It
 * exists only in the local development mode without SMTP_URL (`config.devMailbox`), and answers
 * for one recipient at a time: nobody can list everyone's codes.
 */
export class DevMailbox {
  private readonly emails: StoredEmail[] = [];

  constructor(
    private readonly now: () => Date,
    private readonly limit = 1000,
  ) {}

  add(email: Email): void {
    this.emails.unshift({
      to: email.to,
      subject: email.subject,
      text: email.text,
      attachments: (email.attachments ?? []).map((a) => ({
        filename: a.filename,
        content_type: a.contentType,
        size: a.content.length,
        sha256: createHash('sha256').update(a.content).digest('hex'),
      })),
      sent_at: this.now().toISOString(),
    });
    this.emails.length = Math.min(this.emails.length, this.limit);
  }

  clear(): void {
    this.emails.length = 0;
  }

  list(to: string): StoredEmail[] {
    const wanted = to.trim().toLowerCase();
    return this.emails.filter((e) => e.to === wanted);
  }
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Present in the local development mode without SMTP_URL: every email is kept here. */
  mailbox: DevMailbox | undefined;
  /**
   * Whether an email that is not sent (no SMTP_URL) is printed whole. Only in the local
   * development mode: a production log never shows a login code (issue 14, finding 2).
   */
  logBodies: boolean;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/**
 * nodemailer over SMTP_URL. Without it: the dev mailbox keeps the email, and the log says so —
 * with the text in the local development mode, without it (the code redacted) in production.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    send(email) {
      const normalised = { ...email, to: email.to.toLowerCase() };
      // Synchronous, before any await, so a test reading the mailbox after the response sees it.
      options.mailbox?.add(normalised);
      if (!transport) {
        if (options.logBodies)
          options.log.info(
            {
              to: normalised.to,
              subject: email.subject,
              text: email.text,
              attachments: email.attachments?.map((a) => a.filename),
            },
            'email (no SMTP_URL set)',
          );
        else
          options.log.warn(
            { to: normalised.to, subject: email.subject },
            'email not sent: SMTP_URL is not set (text redacted)',
          );
        return Promise.resolve();
      }
      return transport
        .sendMail({
          from: options.from,
          to: normalised.to,
          subject: email.subject,
          text: email.text,
          attachments: email.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        })
        .then(() => undefined)
        .catch((err: unknown) => {
          options.log.error({ err, to: normalised.to }, 'email delivery failed');
        });
    },
    close() {
      transport?.close();
      return Promise.resolve();
    },
  };
}
