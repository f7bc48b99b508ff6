import { createHttpClient, getAdminUsers } from '@pando/data-access';
import { http as route, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorText } from './errorText';

/*
 * What an admin list says when its call fails (spec 02 §4 "failure stores the error text";
 * issue 35: a sentence a person can act on, never the log label '[INTERNAL SERVER ERROR]').
 * The errors come from the real HTTP client against MSW answers.
 */

const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
});
afterAll(() => {
  server.close();
});

const client = () =>
  createHttpClient({
    baseUrl: 'http://pando.test/api/v4',
    clientVersion: '1',
    clientBuild: '1',
    notify: vi.fn(),
    navigateToLogin: vi.fn(),
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), event: vi.fn() },
  });

async function failureOf(answer: () => Response): Promise<string> {
  server.resetHandlers(route.get('http://pando.test/api/v4/admin/users', answer));
  const error = await getAdminUsers(client(), {}).catch((e: unknown) => e);
  return errorText(error);
}

describe('admin list failures say a sentence', () => {
  it('a 500 says there was an error on the server and to try again, not the log label', async () => {
    const text = await failureOf(() =>
      HttpResponse.json({ message: 'boom', statusCode: 500 }, { status: 500 }),
    );
    expect(text).not.toContain('[INTERNAL SERVER ERROR]');
    expect(text).toBe(
      'There was an error on the server. The engineering team has been notified. Please try again in a few minutes.',
    );
  });

  it('no answer at all says the connection was lost', async () => {
    const text = await failureOf(() => HttpResponse.error());
    expect(text).toBe('The connection to Pando was lost, please try again or refresh the browser');
  });

  it("another 4xx says the server's reason", async () => {
    const text = await failureOf(() =>
      HttpResponse.json(
        { message: 'Too many requests. Try again in 30 seconds.', statusCode: 429 },
        { status: 429 },
      ),
    );
    expect(text).toBe('Too many requests. Try again in 30 seconds.');
  });

  it('an answer the client cannot read says so in words', async () => {
    const text = await failureOf(() => HttpResponse.json({ unexpected: true }));
    expect(text).toBe("Pando's answer could not be read. Please reload the page and try again.");
  });
});
