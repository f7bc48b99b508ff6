// `nodemailer` for the in-page server: src/mail/mailer.ts sends over SMTP_URL when it is set;
// without it (a page) login mails go to the dev mailbox (GET /api/dev/mailbox).
import { notInBrowser } from './notInBrowser.js';

export default {
  createTransport(): never {
    throw notInBrowser('nodemailer (SMTP_URL)');
  },
};
