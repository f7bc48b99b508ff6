import nodemailer from 'nodemailer';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

export interface StoredEmail extends Email {
  sent_at: string;
}

/** Sends email; the server never awaits delivery on a request path (no timing oracle). */
export interface Mailer {
  send(email: Email): Promise<void>;
  close(): Promise<void>;
}

/** The dev mailbox of GET /api/dev/mailbox: newest first, bounded so it cannot grow forever. */
export class DevMailbox {
  private readonly emails: StoredEmail[] = [];

  constructor(
    private readonly now: () => Date,
    private readonly limit = 1000,
  ) {}

  add(email: Email): void {
    this.emails.unshift({ ...email, sent_at: this.now().toISOString() });
    this.emails.length = Math.min(this.emails.length, this.limit);
  }

  list(to?: string): StoredEmail[] {
    const wanted = to?.trim().toLowerCase();
    return wanted ? this.emails.filter((e) => e.to === wanted) : [...this.emails];
  }
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Present outside production: every email is also kept here. */
  mailbox: DevMailbox | undefined;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** nodemailer over SMTP_URL; without it, emails go to the log (and the dev mailbox). */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    send(email) {
      const normalised = { ...email, to: email.to.toLowerCase() };
      // Synchronous, before any await, so a test reading the mailbox after the response sees it.
      options.mailbox?.add(normalised);
      if (!transport) {
        options.log.info(
          { to: normalised.to, subject: email.subject, text: email.text },
          'email (no SMTP_URL set)',
        );
        return Promise.resolve();
      }
      return transport
        .sendMail({
          from: options.from,
          to: normalised.to,
          subject: email.subject,
          text: email.text,
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
