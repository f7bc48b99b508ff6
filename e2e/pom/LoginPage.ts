import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The login code format of the dev mailbox emails (spec 02 §5: 3 characters, a dash, 3). */
const CODE_PATTERN = /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/;

interface MailboxAnswer {
  results: { to: string; subject: string; text: string; sent_at: string }[];
}

/**
 * Reads the newest login code sent to `email` after `since` from the dev mailbox
 * (`GET /api/dev/mailbox?to=`), polling briefly because the email is sent asynchronously.
 */
async function readLoginCode(
  request: APIRequestContext,
  email: string,
  since: number,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return undefined;
        const answer = (await response.json()) as MailboxAnswer;
        const fresh = answer.results
          .filter((mail) => Date.parse(mail.sent_at) >= since - 1000)
          .sort((a, b) => Date.parse(b.sent_at) - Date.parse(a.sent_at));
        code = fresh
          .map((mail) => CODE_PATTERN.exec(mail.text)?.[1])
          .find((found) => found !== undefined);
        return code;
      },
      { message: `a login code for ${email} in the dev mailbox`, timeout: 30_000 },
    )
    .toBeTruthy();
  return code ?? '';
}

/** Page object for /login and /validate (twenty's lib/pom pattern): what a person sees and does. */
export class LoginPage {
  readonly email: Locator;
  readonly requestCode: Locator;
  readonly code: Locator;

  constructor(private readonly page: Page) {
    this.email = page.getByLabel('Email address');
    this.requestCode = page.getByRole('button', { name: /request code/i });
    this.code = page.getByLabel('Login code');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/login${query}`);
  }

  /** Requests a code and types it as a person would (the form submits itself at 7 characters). */
  async logInAs(email: string): Promise<void> {
    const since = Date.now();
    await this.email.fill(email);
    await this.requestCode.click();
    await expect(this.page.getByText(`Email sent to ${email}`)).toBeVisible();
    const code = await readLoginCode(this.page.request, email, since);
    await this.code.fill(code);
  }
}
