// STUB for `nodemailer` (src/mail/mailer.ts): SMTP_URL is never set, so the dev mailbox is used.
export default { createTransport() { throw new Error('nodemailer: not in the browser'); } };
